import { registerControlRoutes } from "./control/control.routes";
import { registerDevtoolsRoutes } from "./devtools/devtools.routes";
import { installDevtools } from "./devtools/jobs-hooks";
import { registerAccountRoutes } from "./management/account/account.routes";
import { registerEndpointRoutes } from "./management/endpoints/endpoints.routes";
import { registerRegistryRoutes } from "./management/registries/registries.routes";
import { registerTemplateRoutes } from "./management/templates/templates.routes";
import { registerBillingRoutes } from "./billing/billing.routes";
import {
  registerAvailabilityControlRoutes,
  registerCatalogRoutes,
} from "./management/catalog/catalog.routes";
import { registerClusterRoutes } from "./management/clusters/clusters.routes";
import { registerNetworkVolumeV1Routes } from "./management/network-volumes/network-volumes-v1.routes";
import { registerNetworkVolumeRoutes } from "./management/network-volumes/network-volumes.routes";
import { registerPodRoutes } from "./management/pods/pods.routes";
import { registerJobsModule } from "./jobs/jobs.module";
import { registerMetricsRoutes } from "./metrics/metrics.routes";
import { registerHostedModels } from "./models/hosted-models.routes";
import type { PlatformServices } from "./platform";

/** Every feature module of the platform, registered in this order on a new platform. */
export function registerModules(services: PlatformServices): void {
  registerControlRoutes(services);
  registerEndpointRoutes(services);
  registerTemplateRoutes(services);
  registerRegistryRoutes(services);
  registerAccountRoutes(services);
  registerPodRoutes(services);
  registerClusterRoutes(services);
  registerNetworkVolumeRoutes(services);
  registerNetworkVolumeV1Routes(services);
  registerBillingRoutes(services);
  registerCatalogRoutes(services);
  registerAvailabilityControlRoutes(services);
  // Hosted models answer /v2/<model slug>/... before the job engine's catch-all, on its engine.
  const hosted = registerHostedModels(services);
  const engine = registerJobsModule(services); // last: its /v2/<endpoint id>/* catch-all must not shadow the routes above
  // In the tick the engine was built, before any of its work runs: no event goes unrecorded.
  installDevtools(services.devtools, engine);
  hosted.attach(engine);
  registerDevtoolsRoutes(services, engine); // /_platform/... only: the catch-all never shadows it
  registerMetricsRoutes(services, engine);
}
