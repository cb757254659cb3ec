import pino, { type Logger } from "pino";

export type { Logger };

/** Structured JSON logs on stdout; every request line carries `requestId`. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: "hangar-platform" },
    timestamp: pino.stdTimeFunctions.isoTime,
  });
}
