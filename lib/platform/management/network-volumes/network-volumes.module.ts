import type { PlatformServices } from "../../platform";
import { NetworkVolumesService } from "./network-volumes.service";
import { accrueStorage } from "./volume-storage";

const instances = new WeakMap<PlatformServices, NetworkVolumesService>();

/**
 * The platform's volumes service, made on first use. Creating it registers storage accrual with the
 * usage recorder, so billing reads and the scheduler's tick charge storage.
 */
export function volumesService(services: PlatformServices): NetworkVolumesService {
  let svc = instances.get(services);
  if (!svc) {
    svc = new NetworkVolumesService(
      services.store.db,
      services.clock,
      services.ids,
      services.usage,
    );
    instances.set(services, svc);
    services.usage.addAccrualSource((now, accountId) =>
      accrueStorage(services.store.db, services.usage, now, accountId),
    );
  }
  return svc;
}

/** Scheduler tick: charge every volume's storage up to `now`. */
export async function accrueVolumeStorage(services: PlatformServices, now: number): Promise<void> {
  volumesService(services);
  await accrueStorage(services.store.db, services.usage, now);
}
