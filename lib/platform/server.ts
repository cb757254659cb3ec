import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { Redis } from "ioredis";
import { createClock, type Clock } from "./clock";
import { applySeed, readSeedFile } from "./devtools/seed";
import type { PlatformConfig } from "./config";
import { createIds } from "./ids";
import { createLogger, type Logger } from "./logger";
import { createPlatform, type PlatformServices } from "./platform";
import { ManagementRateLimiter, type CounterBackend } from "./http/rate-limit";
import { sealPlaintextRegistryPasswords } from "./management/registries/registries.repository";
import { createSecretBox, loadSecretsKey } from "./secrets";
import { openStore } from "./store/open";

export interface RunningPlatform {
  url: string;
  port: number;
  services: PlatformServices;
  /** The bootstrap key when this start created the first account (shown once). */
  bootstrapKey: string | undefined;
  close(): Promise<void>;
}

export interface StartOptions {
  clock?: Clock;
  log?: Logger;
}

/**
 * Idle keep-alive connections stay open longer than any official client reuses one. Node closes
 * them after 5 s by default, while the Python worker runtime's HTTP pool reuses a connection idle
 * for up to 15 s (Go's client: 90 s) and does not retry when it meets a closed socket: a generator
 * handler that paused 12 s lost its next stream chunk and its result. Proxies in front of the
 * service hold idle connections 60 s and more; the headers timeout must stay above this one.
 */
export const KEEP_ALIVE_MS = 120_000;

function keepConnectionsAlive(server: Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 5_000;
}

/**
 * Stops accepting connections and lets in-flight requests finish. With long keep-alive, a
 * connection that goes idle after close() began (a held long-poll that just answered) would keep
 * the server open for the whole keep-alive time: idle connections are closed as they appear, and
 * whatever is still open after a grace is closed.
 */
async function stopListening(server: Server): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  const sweep = setInterval(() => server.closeIdleConnections(), 50);
  const force = setTimeout(() => server.closeAllConnections(), 10_000);
  try {
    server.closeIdleConnections();
    await closed;
  } finally {
    clearInterval(sweep);
    clearTimeout(force);
  }
}

/** Opens the store, applies migrations, bootstraps the first account and listens. */
export async function startPlatform(
  config: PlatformConfig,
  options: StartOptions = {},
): Promise<RunningPlatform> {
  const log = options.log ?? createLogger(config.quiet ? "silent" : config.logLevel);
  const secrets = createSecretBox(
    loadSecretsKey({ key: config.secretsKey, dataDir: config.dataDir }),
  );
  const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let redis: Redis | undefined;
  let backend: CounterBackend = { kind: "memory" };
  try {
    if (config.redisUrl) {
      redis = new Redis(config.redisUrl, {
        lazyConnect: true,
        maxRetriesPerRequest: 2,
        enableOfflineQueue: false,
      });
      await redis.connect().catch((err: Error) => {
        throw new Error(`cannot connect to Redis (REDIS_URL): ${err.message}`);
      });
      backend = { kind: "redis", client: redis };
    } else if (store.pgPool) {
      backend = { kind: "postgres", pool: store.pgPool };
    }
    // Read before anything is written: a bad seed file stops the start with its problem.
    const seed = config.seedFile ? readSeedFile(config.seedFile) : undefined;
    const limiter = await ManagementRateLimiter.create(config.rateLimits, backend);
    const clock = options.clock ?? createClock();
    const services = createPlatform({
      config,
      store,
      clock,
      ids: createIds(),
      log,
      limiter,
      secrets,
      counters: backend,
    });
    // Rows written before secrets were encrypted (or imported from such an export) are sealed now.
    const sealed = await sealPlaintextRegistryPasswords(store.db, secrets);
    if (sealed > 0) {
      // The SQLite file and its log still hold the old pages: rewrite them without the plaintext.
      store.sqlite?.exec("VACUUM");
      store.sqlite?.pragma("wal_checkpoint(TRUNCATE)");
      log.info({ sealed }, "encrypted stored registry passwords");
    }
    const boot = await services.accounts.bootstrap(config.bootstrapKey);
    if (boot)
      log.info(
        { account: boot.account.id, keyPrefix: boot.key.prefix },
        "created the first account",
      );
    if (seed && boot) {
      const seeded = await applySeed(services, seed, boot).catch(async (err: unknown) => {
        await services.close();
        throw err;
      });
      for (const a of seeded.accounts)
        log.info(
          { account: a.id, name: a.name, keys: a.keys.map((k) => k.name) },
          "seeded an account",
        );
    } else if (seed) {
      log.info("PLATFORM_SEED ignored: the store is not empty");
    }

    const server: ServerType = await new Promise((resolve) => {
      const s = serve({ fetch: services.app.fetch, hostname: config.host, port: config.port }, () =>
        resolve(s),
      );
    });
    keepConnectionsAlive(server as Server);
    const port = (server.address() as AddressInfo).port;
    const url = config.port === 0 ? `http://${config.host}:${port}` : config.publicUrl;
    if (config.port === 0) config.publicUrl = url;
    log.info({ url, store: store.dialect, counters: backend.kind }, "platform listening");

    let closing: Promise<void> | undefined;
    const close = () =>
      (closing ??= (async () => {
        // Stop accepting, let in-flight requests finish, then stop timers and close the store.
        await stopListening(server as Server);
        await services.close();
        await redis?.quit().catch(() => undefined);
        await store.close();
        log.info("platform stopped");
      })());
    return { url, port, services, bootstrapKey: boot?.key.key, close };
  } catch (err) {
    await redis?.quit().catch(() => undefined);
    await store.close();
    throw err;
  }
}
