/**
 * Read timeouts of the official clients on the requests the platform holds open (platform-notes
 * §1.11, §2.4, §2.8 and §8). A hold that reaches a client's timeout costs the user the whole
 * timeout plus a retry (the Python client's `stream()` took 19 s over a 0.6 s job when `/stream`
 * held 10 s against its 10 s read timeout), so every hold must end well inside the shortest
 * timeout of any client that long-polls that operation: at most half of it.
 */
export interface ClientLongPoll {
  client: string;
  /** The held operation as the client sends it. */
  operation: "stream" | "runsync" | "status-sync" | "job-take" | "job-stop";
  /** The client's read timeout on it (ms); `null` when it sets none. */
  timeoutMs: number | null;
  /** What the client does between polls (documentation for the tests that replay it). */
  pauseMs: number;
}

export const CLIENT_LONG_POLLS: readonly ClientLongPoll[] = [
  // runpod-python Endpoint: requests with a 10 s read timeout, urllib3 retries on a timeout.
  { client: "Python client", operation: "stream", timeoutMs: 10_000, pauseMs: 1_000 },
  // run_sync: POST /runsync (no `wait`) with its own timeout, default 86,400 s.
  { client: "Python client", operation: "runsync", timeoutMs: 86_400_000, pauseMs: 0 },
  // runpod-sdk (JS): axios without a timeout on stream, runsync?wait= and status-sync?wait=.
  { client: "JS SDK", operation: "stream", timeoutMs: null, pauseMs: 0 },
  { client: "JS SDK", operation: "runsync", timeoutMs: null, pauseMs: 0 },
  { client: "JS SDK", operation: "status-sync", timeoutMs: null, pauseMs: 0 },
  // runpod-python worker runtime: aiohttp, 90 s per take and per stop-channel poll.
  { client: "Python worker runtime", operation: "job-take", timeoutMs: 90_000, pauseMs: 0 },
  { client: "Python worker runtime", operation: "job-stop", timeoutMs: 90_000, pauseMs: 1_000 },
];

/** The longest hold the platform may use for an operation: half the shortest client timeout. */
export function maxHoldMs(operation: ClientLongPoll["operation"], ceiling: number): number {
  const timeouts = CLIENT_LONG_POLLS.filter((p) => p.operation === operation)
    .map((p) => p.timeoutMs)
    .filter((t): t is number => t !== null);
  return Math.min(ceiling, ...timeouts.map((t) => Math.floor(t / 2)));
}
