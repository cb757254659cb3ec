import {
  Boxes,
  CreditCard,
  Database,
  FileCode2,
  HardDrive,
  Inbox,
  KeyRound,
  Network,
  Server,
  ShieldAlert,
  Sparkles,
  UserRound,
  Zap,
} from "lucide";

/** The console's sections, in navigation order. Each is a route under app/(console). */
export const NAV_ITEMS = [
  { href: "/serverless", label: "Serverless", icon: Zap },
  { href: "/pods", label: "Pods", icon: Server },
  { href: "/clusters", label: "Clusters", icon: Boxes },
  { href: "/storage", label: "Storage", icon: HardDrive },
  { href: "/templates", label: "Templates", icon: FileCode2 },
  { href: "/playground", label: "Playground", icon: Sparkles },
  { href: "/keys", label: "API keys", icon: KeyRound },
  { href: "/account", label: "Account", icon: UserRound },
  { href: "/billing", label: "Billing", icon: CreditCard },
] as const;

/** Developer tools: shown (and reachable) only when the console talks to the local platform. */
export const DEVTOOLS_NAV_ITEMS = [
  { href: "/dev/faults", label: "Faults", icon: ShieldAlert },
  { href: "/dev/inbox", label: "Webhook inbox", icon: Inbox },
  { href: "/dev/requests", label: "Requests", icon: Network },
  { href: "/dev/state", label: "State", icon: Database },
] as const;
