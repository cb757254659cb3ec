"use client";

import type { IconNode } from "lucide";
import {
  Copy,
  CornerDownLeft,
  FileCode2,
  HardDrive,
  Link2,
  Play,
  Plus,
  Search,
  Server,
  Sparkles,
  Zap,
} from "lucide";
import { Icon } from "@/components/ui/icon";
import { useRouter } from "next/navigation";
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { NAV_ITEMS } from "@/components/shell/nav-items";
import { cx } from "@/components/ui/cx";
import { useToast } from "@/components/ui/toast";
import { useEndpoints } from "@/lib/queries/endpoints";
import { useModelSummaries } from "@/lib/queries/models";
import { useNetworkVolumes } from "@/lib/queries/network-volumes";
import { usePods } from "@/lib/queries/pods";
import { useTemplates } from "@/lib/queries/templates";
import { bestScore } from "@/lib/fuzzy";

const GROUPS = [
  { id: "actions", title: "Actions" },
  { id: "endpoints", title: "Endpoints" },
  { id: "pods", title: "Pods" },
  { id: "volumes", title: "Network volumes" },
  { id: "templates", title: "Templates" },
  { id: "models", title: "Models" },
  { id: "pages", title: "Pages" },
] as const;
type GroupId = (typeof GROUPS)[number]["id"];

type Effect = { go: string } | { copy: string; what: string };

interface Command {
  key: string;
  group: GroupId;
  label: string;
  /** Shown after the label, dimmed: the kind and id, or where it leads. */
  hint?: string;
  /** Also matched: the resource's name and id. */
  keywords: readonly string[];
  icon: IconNode;
  effect: Effect;
}

/** Results per group: all of a short list, the best few of a long one. */
const PER_GROUP = { browsing: 5, searching: 8 };

const ACTIONS: readonly Command[] = [
  { label: "New endpoint", href: "/serverless/new", icon: Plus, keywords: ["create serverless"] },
  { label: "Deploy a pod", href: "/pods/new", icon: Plus, keywords: ["new pod create gpu"] },
  { label: "New template", href: "/templates/new", icon: Plus, keywords: ["create"] },
  { label: "Create a network volume", href: "/storage", icon: Plus, keywords: ["storage new"] },
  { label: "Create an API key", href: "/keys", icon: Plus, keywords: ["new key token"] },
  { label: "Run a model in the playground", href: "/playground", icon: Play, keywords: [] },
].map((a) => ({
  key: `action:${a.href}:${a.label}`,
  group: "actions",
  label: a.label,
  keywords: a.keywords,
  icon: a.icon,
  effect: { go: a.href },
}));

const PAGES: readonly Command[] = NAV_ITEMS.map((item) => ({
  key: `page:${item.href}`,
  group: "pages",
  label: `Go to ${item.label}`,
  hint: item.href,
  keywords: [item.label],
  icon: item.icon,
  effect: { go: item.href },
}));

function useCommands() {
  const endpoints = useEndpoints();
  const pods = usePods();
  const volumes = useNetworkVolumes();
  const templates = useTemplates();
  const models = useModelSummaries();

  const commands = useMemo(() => {
    const list: Command[] = [...ACTIONS];
    for (const e of endpoints.data ?? []) {
      const keywords = [e.name, e.id];
      const at = (path: string) => `${path}${encodeURIComponent(e.id)}`;
      list.push({
        key: `endpoint:${e.id}`,
        group: "endpoints",
        label: e.name,
        hint: `Endpoint · ${e.id}`,
        keywords,
        icon: Zap,
        effect: { go: at("/serverless/") },
      });
      if (e.type !== "LOAD_BALANCER")
        list.push({
          key: `endpoint-run:${e.id}`,
          group: "endpoints",
          label: `Run ${e.name} in the playground`,
          keywords,
          icon: Play,
          effect: { go: at("/playground/endpoint/") },
        });
      const urls = e.requestUrls as { runSync?: string; base?: string } | undefined;
      const url = urls?.runSync ?? urls?.base;
      if (url)
        list.push({
          key: `endpoint-url:${e.id}`,
          group: "endpoints",
          label: `Copy the request URL of ${e.name}`,
          hint: urls?.runSync ? "/runsync" : "base URL",
          keywords,
          icon: Link2,
          effect: { copy: url, what: `Request URL of ${e.name}` },
        });
      list.push({
        key: `endpoint-id:${e.id}`,
        group: "endpoints",
        label: `Copy the id of ${e.name}`,
        hint: e.id,
        keywords,
        icon: Copy,
        effect: { copy: e.id, what: `Id of ${e.name}` },
      });
    }
    for (const p of pods.data ?? []) {
      const keywords = [p.name, p.id];
      list.push(
        {
          key: `pod:${p.id}`,
          group: "pods",
          label: p.name,
          hint: `Pod · ${p.id}`,
          keywords,
          icon: Server,
          effect: { go: `/pods/${encodeURIComponent(p.id)}` },
        },
        {
          key: `pod-id:${p.id}`,
          group: "pods",
          label: `Copy the id of ${p.name}`,
          hint: p.id,
          keywords,
          icon: Copy,
          effect: { copy: p.id, what: `Id of ${p.name}` },
        },
      );
    }
    for (const v of volumes.data ?? []) {
      const keywords = [v.name, v.id];
      list.push(
        {
          key: `volume:${v.id}`,
          group: "volumes",
          label: v.name,
          hint: `Network volume · ${v.id}`,
          keywords,
          icon: HardDrive,
          effect: { go: "/storage" },
        },
        {
          key: `volume-id:${v.id}`,
          group: "volumes",
          label: `Copy the id of ${v.name}`,
          hint: v.id,
          keywords,
          icon: Copy,
          effect: { copy: v.id, what: `Id of ${v.name}` },
        },
      );
    }
    for (const t of templates.data?.templates ?? []) {
      const keywords = [t.name, t.id];
      list.push(
        {
          key: `template:${t.id}`,
          group: "templates",
          label: t.name,
          hint: `Template · ${t.id}`,
          keywords,
          icon: FileCode2,
          effect: { go: `/templates/${encodeURIComponent(t.id)}` },
        },
        {
          key: `template-id:${t.id}`,
          group: "templates",
          label: `Copy the id of ${t.name}`,
          hint: t.id,
          keywords,
          icon: Copy,
          effect: { copy: t.id, what: `Id of ${t.name}` },
        },
      );
    }
    for (const m of models.data ?? []) {
      list.push({
        key: `model:${m.slug}`,
        group: "models",
        label: `Run ${m.name}`,
        hint: `${m.owner} · ${m.kind}`,
        keywords: [m.name, m.slug, m.owner],
        icon: Sparkles,
        effect: { go: `/playground/${encodeURIComponent(m.slug)}` },
      });
    }
    list.push(...PAGES);
    return list;
  }, [endpoints.data, pods.data, volumes.data, templates.data, models.data]);

  const sources = [
    { what: "endpoints", query: endpoints },
    { what: "pods", query: pods },
    { what: "network volumes", query: volumes },
    { what: "templates", query: templates },
    { what: "models", query: models },
  ];
  const loading = sources.filter((s) => s.query.isPending).map((s) => s.what);
  const failed = sources.filter((s) => s.query.isError).map((s) => s.what);
  return { commands, loading, failed };
}

/** The commands matching `query`, grouped in GROUPS order, best first within a group. */
function search(commands: readonly Command[], query: string) {
  const searching = query.trim() !== "";
  const scored = commands
    .map((command, order) => ({
      command,
      order,
      score: searching ? bestScore([command.label, ...command.keywords], query) : 0,
    }))
    .filter((c): c is { command: Command; order: number; score: number } => c.score !== null);
  return GROUPS.map((group) => ({
    ...group,
    commands: scored
      .filter((c) => c.command.group === group.id)
      .sort((a, b) => b.score - a.score || a.order - b.order)
      .slice(0, searching ? PER_GROUP.searching : PER_GROUP.browsing)
      .map((c) => c.command),
  })).filter((group) => group.commands.length > 0);
}

/**
 * The command palette (⌘K / Ctrl+K): a modal dialog holding a combobox whose listbox groups
 * results by kind. Focus stays in the text field; ↑/↓ move the active option
 * (aria-activedescendant), Enter runs it, Escape closes, and the native dialog gives focus back to
 * where it was. Loaded on first open (see palette-launcher.tsx); mounted only while open, so its
 * lists are read (through the console's route handlers) only while someone looks at them.
 */
export function CommandPalette({ onClose }: { onClose: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const router = useRouter();
  const toast = useToast();
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const { commands, loading, failed } = useCommands();
  const groups = useMemo(() => search(commands, query), [commands, query]);
  const flat = useMemo(() => groups.flatMap((g) => g.commands), [groups]);
  const activeIndex = Math.min(active, Math.max(flat.length - 1, 0));
  const id = useId();
  const optionId = (i: number) => `${id}-option-${i}`;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  useEffect(() => {
    listRef.current
      ?.querySelector(`[id="${CSS.escape(optionId(activeIndex))}"]`)
      ?.scrollIntoView({ block: "nearest" });
    // optionId only depends on `id`, which never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [activeIndex]);

  async function run(command: Command | undefined) {
    if (!command) return;
    dialogRef.current?.close();
    const effect = command.effect;
    if ("go" in effect) {
      router.push(effect.go);
      return;
    }
    try {
      await navigator.clipboard.writeText(effect.copy);
      toast({ tone: "success", title: `Copied: ${effect.what}`, description: effect.copy });
    } catch {
      toast({
        tone: "error",
        title: "Could not copy",
        description: `The browser refused the clipboard. ${effect.what}: ${effect.copy}`,
      });
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = flat.length - 1;
    if (event.key === "ArrowDown") setActive(activeIndex >= last ? 0 : activeIndex + 1);
    else if (event.key === "ArrowUp") setActive(activeIndex <= 0 ? last : activeIndex - 1);
    else if (event.key === "PageDown") setActive(Math.min(activeIndex + 5, last));
    else if (event.key === "PageUp") setActive(Math.max(activeIndex - 5, 0));
    else if (event.key === "Enter") void run(flat[activeIndex]);
    else return;
    event.preventDefault();
  }

  let index = -1;
  const listId = `${id}-list`;
  return (
    <dialog
      ref={dialogRef}
      aria-label="Command palette"
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop (outside the panel) closes it.
        if (event.target === dialogRef.current) dialogRef.current.close();
      }}
      className="mx-auto mt-[12vh] w-full max-w-xl overflow-hidden rounded-lg border border-neutral-200 bg-white p-0 text-neutral-900 shadow-2xl backdrop:bg-black/50 dark:border-neutral-800 dark:bg-neutral-900 dark:text-neutral-100"
    >
      <div className="flex items-center gap-2 border-b border-neutral-200 px-3 dark:border-neutral-800">
        <Icon
          icon={Search}
          aria-hidden
          className="size-4 shrink-0 text-neutral-500 dark:text-neutral-400"
        />
        <input
          role="combobox"
          aria-expanded="true"
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={flat.length > 0 ? optionId(activeIndex) : undefined}
          aria-label="Search or run a command"
          placeholder="Jump to an endpoint, pod, model… or run a command"
          autoComplete="off"
          spellCheck={false}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          className="h-12 min-w-0 flex-1 bg-transparent text-sm outline-none placeholder:text-neutral-500 dark:placeholder:text-neutral-400"
        />
        <kbd className="rounded border border-neutral-300 px-1.5 text-xs text-neutral-600 dark:border-neutral-700 dark:text-neutral-400">
          Esc
        </kbd>
      </div>
      <div
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label="Results"
        className="max-h-[60vh] overflow-y-auto p-2"
      >
        {groups.map((group) => (
          <div key={group.id} role="group" aria-labelledby={`${id}-${group.id}`} className="mb-2">
            <div
              id={`${id}-${group.id}`}
              className="px-2 py-1 text-xs font-semibold tracking-wide text-neutral-600 uppercase dark:text-neutral-400"
            >
              {group.title}
            </div>
            {group.commands.map((command) => {
              index += 1;
              const i = index;
              return (
                <div
                  key={command.key}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === activeIndex}
                  onMouseMove={() => i !== activeIndex && setActive(i)}
                  onClick={() => void run(command)}
                  className={cx(
                    "flex cursor-pointer items-center gap-3 rounded-md px-2 py-2 text-sm",
                    i === activeIndex &&
                      "bg-violet-50 text-violet-900 dark:bg-violet-950 dark:text-violet-100",
                  )}
                >
                  <Icon icon={command.icon} className="size-4 shrink-0" />
                  <span className="min-w-0 truncate">{command.label}</span>
                  {command.hint && (
                    <span className="ml-auto min-w-0 shrink truncate font-mono text-xs text-neutral-600 dark:text-neutral-400">
                      {command.hint}
                    </span>
                  )}
                  {i === activeIndex && (
                    <Icon icon={CornerDownLeft} className="size-3.5 shrink-0" />
                  )}
                </div>
              );
            })}
          </div>
        ))}
      </div>
      <div className="space-y-1 border-t border-neutral-200 px-4 py-2 text-xs text-neutral-600 dark:border-neutral-800 dark:text-neutral-400">
        <p role="status">
          {flat.length === 0
            ? query.trim()
              ? `Nothing matches “${query.trim()}”.`
              : "No commands."
            : `${flat.length} result${flat.length === 1 ? "" : "s"}.`}
          {loading.length > 0 && ` Still reading your ${loading.join(", ")}.`}
        </p>
        {failed.length > 0 && <p>Could not read your {failed.join(", ")}; those are left out.</p>}
        <p aria-hidden>↑↓ to move · Enter to run · Esc to close</p>
      </div>
    </dialog>
  );
}
