import Boxes from "lucide-react/icons/boxes";
import CreditCard from "lucide-react/icons/credit-card";
import Database from "lucide-react/icons/database";
import FileCode2 from "lucide-react/icons/file-code-2";
import HardDrive from "lucide-react/icons/hard-drive";
import Inbox from "lucide-react/icons/inbox";
import KeyRound from "lucide-react/icons/key-round";
import Network from "lucide-react/icons/network";
import Server from "lucide-react/icons/server";
import ShieldAlert from "lucide-react/icons/shield-alert";
import Sparkles from "lucide-react/icons/sparkles";
import UserRound from "lucide-react/icons/user-round";
import Zap from "lucide-react/icons/zap";

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
