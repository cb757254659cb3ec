"use client";

import Link from "next/link";
import { useMemo, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { cx } from "@/components/ui/cx";
import type { ModelKind } from "@/lib/models";
import { KINDS } from "./model-kinds";

export interface ModelCard {
  slug: string;
  owner: string;
  name: string;
  kind: ModelKind;
  description: string;
  price: string;
}

const KIND_TONE = { image: "accent", video: "info", audio: "warning", text: "success" } as const;

/** Hosted models: search and kind filter live in the URL (`?q=`, `?kind=`). */
export function ModelGallery({
  models,
  kind,
  q,
}: {
  models: readonly ModelCard[];
  kind: ModelKind | "all";
  q: string;
}) {
  const [search, setSearch] = useState(q);

  const shown = useMemo(() => {
    const words = search.toLowerCase().split(/\s+/).filter(Boolean);
    return models.filter(
      (m) =>
        (kind === "all" || m.kind === kind) &&
        words.every((w) =>
          `${m.name} ${m.owner} ${m.slug} ${m.description}`.toLowerCase().includes(w),
        ),
    );
  }, [models, kind, search]);

  function href(next: { kind?: string; q?: string }) {
    const params = new URLSearchParams();
    const k = next.kind ?? kind;
    const s = next.q ?? search;
    if (k !== "all") params.set("kind", k);
    if (s) params.set("q", s);
    const query = params.toString();
    return `/playground${query ? `?${query}` : ""}`;
  }

  return (
    <section aria-labelledby="models-heading" className="space-y-4">
      <h2 id="models-heading" className="sr-only">
        Hosted models
      </h2>
      <div className="flex flex-wrap items-end gap-4">
        <div className="w-full max-w-sm space-y-1">
          <label htmlFor="model-search" className="block text-sm font-medium">
            Search models
          </label>
          <Input
            id="model-search"
            type="search"
            placeholder="flux, speech, qwen…"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              // Keeps the search in the URL without a server round trip per keystroke.
              window.history.replaceState(null, "", href({ q: e.target.value }));
            }}
          />
        </div>
        <nav aria-label="Model kind" className="flex flex-wrap gap-1">
          {KINDS.map((k) => (
            <Link
              key={k.id}
              href={href({ kind: k.id })}
              scroll={false}
              aria-current={k.id === kind ? "page" : undefined}
              className={cx(
                "rounded-full border px-3 py-1 text-sm",
                k.id === kind
                  ? "border-violet-600 bg-violet-50 text-violet-800 dark:border-violet-400 dark:bg-violet-950 dark:text-violet-200"
                  : "border-neutral-300 text-neutral-700 hover:bg-neutral-100 dark:border-neutral-700 dark:text-neutral-300 dark:hover:bg-neutral-800",
              )}
            >
              {k.label}
            </Link>
          ))}
        </nav>
      </div>
      {shown.length === 0 ? (
        <EmptyState title="No model matches">
          <p>Try another word, or show all kinds.</p>
        </EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {shown.map((m) => (
            <li key={m.slug}>
              <Link
                href={`/playground/${encodeURIComponent(m.slug)}`}
                className="flex h-full flex-col gap-2 rounded-lg border border-neutral-200 p-4 hover:border-violet-400 hover:bg-neutral-50 dark:border-neutral-800 dark:hover:border-violet-600 dark:hover:bg-neutral-900"
              >
                {/* What the model makes, drawn once by the local generators (npm run previews);
                    decorative: the card's text names the model and its kind. */}
                {/* eslint-disable-next-line @next/next/no-img-element -- a static file; no resizing needed */}
                <img
                  src={`/previews/${encodeURIComponent(m.slug)}.webp`}
                  alt=""
                  width={480}
                  height={300}
                  loading="lazy"
                  decoding="async"
                  data-preview={m.slug}
                  className="aspect-[8/5] w-full rounded-md bg-neutral-100 object-cover dark:bg-neutral-800"
                />
                <span className="flex items-center justify-between gap-2">
                  <span className="text-xs text-neutral-600 dark:text-neutral-400">{m.owner}</span>
                  <Badge tone={KIND_TONE[m.kind]}>{m.kind}</Badge>
                </span>
                <span className="font-medium">{m.name}</span>
                <span className="line-clamp-2 text-sm text-neutral-700 dark:text-neutral-300">
                  {m.description}
                </span>
                <span className="mt-auto text-sm text-green-700 dark:text-green-400">
                  {m.price}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
