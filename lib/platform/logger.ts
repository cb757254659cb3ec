import pino, { type Logger } from "pino";
import pretty from "pino-pretty";

export type { Logger };

/** `json`: one JSON object a line (machines, log shippers); `pretty`: readable, coloured lines. */
export type LogFormat = "json" | "pretty";

/**
 * `PLATFORM_LOG_FORMAT` when set (`json` | `pretty`), else readable lines for a person at a
 * terminal and JSON for everything else (pipes, files, tests, CI).
 */
export function logFormatFromEnv(
  env: Record<string, string | undefined> = process.env,
  isTTY: boolean = process.stdout.isTTY === true,
): LogFormat {
  const asked = env.PLATFORM_LOG_FORMAT?.trim().toLowerCase();
  if (asked === "json" || asked === "pretty") return asked;
  return isTTY ? "pretty" : "json";
}

const REQUEST_FIELDS = "method,path,status,ms,account,keyName,requestId";

/** `GET /v2/serverless 200 3 ms · default`: one line a request, the status coloured by class. */
const requestLine: pretty.MessageFormatFunc = (log, messageKey, _level, { colors }) => {
  if (log[messageKey] !== "request") return String(log[messageKey] ?? "");
  const status = Number(log.status);
  const paint = status >= 500 ? colors.red : status >= 400 ? colors.yellow : colors.green;
  const who = typeof log.keyName === "string" ? colors.gray(` · ${log.keyName}`) : "";
  return `${colors.bold(String(log.method))} ${String(log.path)} ${paint(String(status))} ${colors.gray(`${String(log.ms)} ms`)}${who}`;
};

/** Structured logs on stdout; every request line carries `requestId` (in JSON). */
export function createLogger(level: string, format: LogFormat = logFormatFromEnv()): Logger {
  const options = {
    level,
    base: { service: "hangar-platform" },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  if (format === "json") return pino(options);
  return pino(
    options,
    pretty({
      // A synchronous stream: lines are written before the process exits on SIGTERM.
      sync: true,
      // Colour where the terminal shows it (or FORCE_COLOR, which `npm start` sets for its pipe).
      colorize: pretty.isColorSupported,
      translateTime: "SYS:HH:MM:ss",
      ignore: `pid,hostname,service,${REQUEST_FIELDS}`,
      messageFormat: requestLine,
    }),
  );
}
