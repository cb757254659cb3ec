import { registerControlRoutes } from "./control/control.routes";
import type { PlatformServices } from "./platform";

/** Every feature module of the platform, registered in this order on a new platform. */
export function registerModules(services: PlatformServices): void {
  registerControlRoutes(services);
}
