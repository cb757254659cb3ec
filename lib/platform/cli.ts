import { parseArgs } from "node:util";
import { KeyPermission, ResourceFamily, type AccessLevel } from "@/lib/schemas/control";
import { AccountsService } from "./accounts/accounts.service";
import { createClock } from "./clock";
import { ConfigError, loadConfig } from "./config";
import { applyHeapPolicy } from "./heap";
import { createIds } from "./ids";
import { WORKER_ENV_USAGE, workerEnvCommand } from "./jobs/workers/worker-env.command";
import { startPlatform } from "./server";
import { openStore } from "./store/open";

const USAGE = `Hangar local platform

  npm run platform                         start the platform (same as 'serve')
  npm run platform -- serve
  npm run platform -- keys create --name NAME [--permission all|read|restricted]
                       [--family serverless=write,pods=read] [--endpoint <id>=read]
                       [--rate-limit-exempt] [--operator]
                       --operator: the instance's operator credential (clock, availability,
                       accounts, whole-instance state); needs --permission all
  npm run platform -- keys list
${WORKER_ENV_USAGE}

Configuration comes from the environment (see README "Configuration").`;

function fail(message: string): never {
  process.stderr.write(`error: ${message}\n`);
  process.exit(2);
}

function parseAccessList(raw: string[] | undefined, what: string): Record<string, AccessLevel> {
  const out: Record<string, AccessLevel> = {};
  for (const item of (raw ?? []).flatMap((r) => r.split(","))) {
    const [name, level] = item.split("=");
    if (!name || !level || !["none", "read", "write"].includes(level)) {
      fail(`--${what} takes NAME=none|read|write, got "${item}"`);
    }
    out[name] = level as AccessLevel;
  }
  return out;
}

async function keysCommand(args: string[]) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      name: { type: "string" },
      permission: { type: "string", default: "all" },
      family: { type: "string", multiple: true },
      endpoint: { type: "string", multiple: true },
      "rate-limit-exempt": { type: "boolean", default: false },
      operator: { type: "boolean", default: false },
    },
  });
  const config = loadConfig();
  const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const accounts = new AccountsService(store.db, createClock(), createIds());
    await accounts.bootstrap(config.bootstrapKey);
    const first = await store.db
      .selectFrom("accounts")
      .select("id")
      .orderBy("created_at")
      .limit(1)
      .executeTakeFirstOrThrow();
    if (positionals[0] === "list") {
      for (const k of await accounts.listKeys(first.id)) {
        process.stdout.write(
          `${k.id}  ${k.prefix}…  ${k.name}  ${k.permission.type}${k.operator ? "  operator" : ""}${k.disabled ? "  (disabled)" : ""}\n`,
        );
      }
      return;
    }
    if (positionals[0] !== "create")
      fail(`unknown keys command "${positionals[0] ?? ""}"\n\n${USAGE}`);
    if (!values.name) fail("keys create needs --name");
    const families = parseAccessList(values.family, "family");
    for (const f of Object.keys(families)) {
      if (!ResourceFamily.safeParse(f).success)
        fail(`unknown family "${f}" (one of ${ResourceFamily.options.join(", ")})`);
    }
    const permission = KeyPermission.safeParse(
      values.permission === "restricted"
        ? { type: "restricted", families, endpoints: parseAccessList(values.endpoint, "endpoint") }
        : { type: values.permission },
    );
    if (!permission.success) fail(`--permission must be all, read or restricted`);
    if (values.operator && permission.data.type !== "all")
      fail("--operator needs --permission all");
    const created = await accounts.createKey(first.id, {
      name: values.name,
      permission: permission.data,
      rateLimitExempt: values["rate-limit-exempt"],
      operator: values.operator,
    });
    process.stdout.write(
      `Created key "${created.name}" (${created.permission.type}${created.operator ? ", operator" : ""}). It is shown only once:\n\n  ${created.key}\n\n`,
    );
  } finally {
    await store.close();
  }
}

async function serveCommand() {
  const config = loadConfig();
  applyHeapPolicy(config);
  const running = await startPlatform(config);
  process.stdout.write(
    `\nHangar local platform on ${running.url} (store: ${running.services.info.store})\n` +
      (running.bootstrapKey
        ? `API key of the first account (shown once): ${running.bootstrapKey}\n`
        : "") +
      "\n",
  );
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    running.services.log.info({ signal }, "shutting down");
    running
      .close()
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        process.stderr.write(`shutdown failed: ${String(err)}\n`);
        process.exit(1);
      });
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

async function main() {
  const [command = "serve", ...rest] = process.argv.slice(2);
  switch (command) {
    case "serve":
      return serveCommand();
    case "keys":
      return keysCommand(rest);
    case "worker-env":
      return workerEnvCommand(rest);
    case "help":
    case "--help":
    case "-h":
      process.stdout.write(`${USAGE}\n`);
      return;
    default:
      fail(`unknown command "${command}"\n\n${USAGE}`);
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) fail(err.message);
  fail(err instanceof Error ? err.message : String(err));
});
