"use client";

import { useId, useState } from "react";
import { JobError } from "@/components/jobs/job-error";
import { mediaOf, textOf, usageOf } from "@/lib/console-store/output";
import type { PlaygroundRun } from "@/lib/console-store/run-view";
import { useRunWaiting } from "@/lib/queries/playground";
import { isTerminalJobStatus } from "@/lib/schemas/job-statuses";
import { useElapsed } from "./use-elapsed";

// A run's output (media, streamed text, failure, what it waits for), apart from the result pane's
// controls: the compare page shows two of these and none of the pane's actions.

export function Preview({ run }: { run: PlaygroundRun }) {
  const media = mediaOf(run.output);
  const streamed = run.stream
    .map(textOf)
    .filter((t): t is string => t !== undefined)
    .join("");
  const finalText = run.status === "COMPLETED" ? textOf(run.output) : undefined;
  const text = finalText && finalText.length >= streamed.length ? finalText : streamed;
  const usage = usageOf(run.output);
  const running = !isTerminalJobStatus(run.status) && !run.expired;

  return (
    <div className="space-y-3">
      {run.expired && (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200">
          The platform no longer keeps this job (results expire); this is what the console recorded.
        </p>
      )}
      {run.status === "FAILED" || run.status === "TIMED_OUT" ? (
        run.error !== undefined ? (
          <JobError
            error={run.error}
            title={run.status === "FAILED" ? "The job failed" : "The job timed out"}
          />
        ) : (
          <p
            role="alert"
            className="rounded-md border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
          >
            {run.status === "FAILED" ? "The job failed" : "The job timed out"}
          </p>
        )
      ) : null}
      {run.status === "CANCELLED" && (
        <p className="text-sm text-neutral-700 dark:text-neutral-300">The job was cancelled.</p>
      )}
      {media?.kind === "image" && (
        // eslint-disable-next-line @next/next/no-img-element -- signed, expiring platform URLs
        <img
          src={media.url}
          alt="Generated image"
          className="max-h-[36rem] w-full rounded-lg object-contain"
        />
      )}
      {media?.kind === "video" && <VideoPreview url={media.url} prompt={promptOf(run.input)} />}
      {media?.kind === "audio" && (
        <audio src={media.url} controls aria-label="Generated audio" className="w-full" />
      )}
      {text !== "" && (
        <div
          aria-label="Output text"
          className="min-h-24 rounded-lg border border-neutral-200 bg-neutral-50 p-3 text-sm whitespace-pre-wrap dark:border-neutral-800 dark:bg-neutral-900"
        >
          {text}
          {running && (
            <span
              aria-hidden
              className="ml-0.5 inline-block h-4 w-1.5 animate-pulse bg-neutral-400 align-middle"
            />
          )}
        </div>
      )}
      {usage && (
        <p className="text-xs text-neutral-600 dark:text-neutral-400">
          Tokens: {usage.input ?? "?"} in, {usage.output ?? "?"} out
        </p>
      )}
      {!media && text === "" && run.status === "COMPLETED" && run.output !== undefined && (
        <pre
          tabIndex={0}
          aria-label="Output"
          className="overflow-x-auto rounded-lg border border-neutral-200 bg-neutral-50 p-3 font-mono text-xs dark:border-neutral-800 dark:bg-neutral-900"
        >
          {JSON.stringify(run.output, null, 2)}
        </pre>
      )}
      {running && !media && text === "" && <Waiting run={run} />}
    </div>
  );
}

/** `7 s`, `2 min 05 s`: an elapsed time that ticks once a second. */
function wholeSeconds(ms: number): string {
  const s = Math.floor(ms / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, "0")} s`;
}

/**
 * What a run still waits for, in words, with the time it has waited: the queue (and why), a
 * worker's cold start (local platform, from the job timeline), or the handler running.
 */
function Waiting({ run }: { run: PlaygroundRun }) {
  const waiting = useRunWaiting(run).data?.waiting;
  const elapsed = useElapsed(run.createdAt, undefined) ?? 0;
  let phase: string;
  let detail: string | undefined;
  let since = elapsed;
  if (run.status === "IN_PROGRESS") {
    phase = "Running: the worker is executing the job";
    since = Math.max(0, elapsed - (run.delayTime ?? 0));
  } else if (waiting?.phase === "cold-start") {
    phase = "Cold start: a worker is starting for this job";
    detail = waiting.reason;
  } else {
    phase = "In queue: waiting for a free worker";
    detail = waiting?.reason;
  }
  return (
    <div className="flex min-h-48 flex-col items-center justify-center gap-1 rounded-lg border border-dashed border-neutral-300 p-4 text-center text-sm text-neutral-700 dark:border-neutral-700 dark:text-neutral-300">
      <p role="status" aria-label="Waiting for" className="font-medium">
        {phase}
      </p>
      {detail && detail !== phase && (
        <p className="text-neutral-600 dark:text-neutral-400">{detail}</p>
      )}
      <p className="text-neutral-600 tabular-nums dark:text-neutral-400">
        {run.status === "IN_PROGRESS" ? "Running for" : "Waiting for"} {wholeSeconds(since)}
      </p>
    </div>
  );
}

/** What a run was asked to make, for the text alternative of its media. */
function promptOf(input: unknown): string | undefined {
  if (typeof input !== "object" || input === null) return undefined;
  const prompt = (input as Record<string, unknown>).prompt;
  return typeof prompt === "string" && prompt.trim() !== "" ? prompt.trim() : undefined;
}

/**
 * A video player with controls (the local platform's clips are WebM/VP8, which every current
 * browser plays), an image when the browser cannot play the file as video (a user's worker may
 * answer an animated image as `video_url`), and a caption saying what the video shows.
 */
function VideoPreview({ url, prompt }: { url: string; prompt: string | undefined }) {
  const [asImage, setAsImage] = useState(false);
  const captionId = useId();
  const caption = prompt ? `Generated video of: ${prompt}` : "Generated video";
  return (
    <figure className="space-y-1">
      {asImage ? (
        // eslint-disable-next-line @next/next/no-img-element -- signed, expiring platform URLs
        <img src={url} alt={caption} className="max-h-[36rem] w-full rounded-lg object-contain" />
      ) : (
        <video
          src={url}
          controls
          loop
          playsInline
          preload="metadata"
          aria-label="Generated video"
          aria-describedby={captionId}
          onError={() => setAsImage(true)}
          className="max-h-[36rem] w-full rounded-lg bg-black"
        >
          <a href={url}>Open the video</a>
        </video>
      )}
      <figcaption id={captionId} className="text-xs text-neutral-600 dark:text-neutral-400">
        {caption}
      </figcaption>
    </figure>
  );
}
