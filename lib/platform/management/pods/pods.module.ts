import type { Pod } from "@/lib/schemas/pods";
import type { PlatformServices } from "../../platform";
import { PodEngine } from "./pod-engine";
import { PodsService } from "./pods.service";

const instances = new WeakMap<PlatformServices, PodsService>();

/**
 * The platform's pods service, made on first use (routes, clusters, control API and the scheduler
 * share it). Making it registers pod charges with the usage recorder and subscribes to
 * `account.balance-depleted`, whoever's charge emptied the account (serverless, storage, pods).
 */
export function podsService(services: PlatformServices): PodsService {
  let svc = instances.get(services);
  if (!svc) {
    const engine = new PodEngine(services.store.db, services.ids, services.usage, services.logs);
    svc = new PodsService(
      services.store.db,
      services.clock,
      services.ids,
      services.accounts,
      services.availability,
      engine,
    );
    instances.set(services, svc);
    services.usage.addAccrualSource((now, accountId) => engine.advance(now, accountId));
    services.events.on("account.balance-depleted", async ({ accountId }) => {
      try {
        await engine.enforceBalance(services.clock.now(), accountId);
      } catch (err) {
        services.log.error(
          { err, account: accountId },
          "stopping pods after the balance was depleted failed",
        );
      }
    });
  }
  return svc;
}

/**
 * Scheduler tick: applies every pod's due transitions, charges running pods and enforces the
 * balance rule, all at `now` (platform clock). Reads do the same per account, so the tick only
 * keeps unread state fresh.
 */
export async function advancePods(services: PlatformServices, now: number): Promise<void> {
  await podsService(services).engine.advance(now);
}

/** Fault injection (control API): the pod goes to ERROR. `accountId` narrows the lookup to one account. */
export async function failPod(
  services: PlatformServices,
  accountId: string | undefined,
  podId: string,
): Promise<Pod> {
  return podsService(services).fail(accountId, podId);
}
