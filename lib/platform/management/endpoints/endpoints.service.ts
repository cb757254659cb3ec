import {
  ENDPOINT_DEFAULTS,
  type CreateEndpointInput,
  type Endpoint,
  type ListEndpointWorkersResponse,
  type ListReleasesResponse,
  type UpdateEndpointInput,
} from "@/lib/schemas/endpoints";
import type { AuthContext } from "../../accounts/accounts.service";
import { readableEndpointIds } from "../../accounts/permissions";
import { getOwnedRowOrThrow } from "../../http/owned-rows";
import { problems } from "../../http/problem";
import type { PlatformServices } from "../../platform";
import type { EndpointReleasesTable } from "../../store/schema";
import { requireOwnRegistry } from "../registries/registries.repository";
import { mergeTemplate, type ContainerFields } from "../templates/template-merge";
import { DEFAULT_CONTAINER_DISK_GB, findUsableTemplate } from "../templates/templates.service";
import { placementCatalog } from "./catalog-adapter";
import { toEndpoint } from "./endpoint-mapper";
import { placementFields, placeWorkers } from "./endpoint-placement";
import type { EndpointRecord } from "./endpoint-record";
import { containerDiff, containerState, rollout, toRelease } from "./endpoint-releases";
import {
  catalogViolations,
  resolveWorkers,
  ruleProblem,
  scalingViolations,
  unique,
} from "./endpoint-rules";
import { requireServerlessTemplate } from "./endpoint-template";
import {
  deleteEndpointRow,
  insertEndpoint,
  listEndpointRecords,
  listReleaseRows,
  rowToRecord,
  updateEndpoint,
} from "./endpoints.repository";
import { storeVolumeLookup, type VolumeLookup } from "./volume-lookup";
import { NO_WORKERS } from "./worker-directory";

/** A PATCH that loses this many optimistic-write races in a row answers 409. */
const UPDATE_ATTEMPTS = 5;

export class EndpointsService {
  private readonly volumes: VolumeLookup;

  constructor(private readonly s: PlatformServices) {
    this.volumes = storeVolumeLookup(s.store.db);
  }

  private get db() {
    return this.s.store.db;
  }
  private get workerDirectory() {
    return this.s.workers ?? NO_WORKERS;
  }
  private view(record: EndpointRecord): Endpoint {
    return toEndpoint(record, this.s.config.publicUrl);
  }

  /** The one ownership check: another account's endpoint is "not found", never "forbidden". */
  private getEndpointOrThrow(accountId: string, id: string) {
    return getOwnedRowOrThrow(this.db, "endpoints", "endpoint", accountId, id);
  }

  async list(auth: AuthContext): Promise<Endpoint[]> {
    const readable = readableEndpointIds(auth.key.permission);
    const records = await listEndpointRecords(this.db, auth.account.id);
    return records.filter((r) => readable === "all" || readable.has(r.id)).map((r) => this.view(r));
  }

  async get(accountId: string, id: string): Promise<Endpoint> {
    return this.view(rowToRecord(await this.getEndpointOrThrow(accountId, id)));
  }

  async create(accountId: string, body: CreateEndpointInput): Promise<Endpoint> {
    // The seed leaves this status unshown: 422, as the reference's schema (`if not templateId then
    // required image`) would answer it.
    if (body.image === undefined && body.templateId === undefined) {
      throw problems.validation(["image: is required unless templateId is set"]);
    }
    // A schema rule in the reference (LOAD_BALANCER ⇒ REQUEST_COUNT variant), hence 422 on create.
    const scaling = scalingViolations(body.type, body.scaling);
    if (scaling.length > 0) throw ruleProblem(scaling, 422);

    let container: ContainerFields = body;
    let cuda = body.allowedCudaVersions;
    let cudaFromTemplate = false;
    if (body.templateId !== undefined) {
      const template = requireServerlessTemplate(
        await findUsableTemplate(this.db, accountId, body.templateId),
        body.templateId,
      );
      container = mergeTemplate(template, body);
      if (cuda === undefined) {
        cuda = template.allowedCudaVersions; // template rule 3
        cudaFromTemplate = true;
      }
    }
    const workers = resolveWorkers(
      body.type,
      body.scaling,
      body.workers,
      ENDPOINT_DEFAULTS.workers,
    );
    const pools = unique(body.gpu.pools);
    const requested = unique(body.dataCenterIds ?? []);
    const violations = catalogViolations(placementCatalog(), {
      pools,
      cuda: { versions: cuda ?? [], pools, fromTemplate: cudaFromTemplate },
      dataCenterIds: requested,
    });
    if (violations.length > 0) throw ruleProblem(violations);
    await requireOwnRegistry(this.db, accountId, container.registry);
    const placement = await placeWorkers(
      this.volumes,
      accountId,
      body.networkVolumes ?? [],
      requested,
    );

    const now = this.s.clock.now();
    const record: EndpointRecord = {
      id: this.s.ids.next("endpoint"),
      accountId,
      name: body.name,
      type: body.type,
      image: container.image!, // present: checked above, or the template's (templates require one)
      args: container.args ?? "",
      disk: container.disk ?? DEFAULT_CONTAINER_DISK_GB,
      ports: container.ports ?? [],
      env: container.env ?? {},
      registry: container.registry ?? null,
      gpu: { pools, count: body.gpu.count },
      workers,
      scaling: body.scaling,
      ...placementFields(placement, requested),
      timeout: body.timeout ?? ENDPOINT_DEFAULTS.timeout,
      flashboot: body.flashboot ?? ENDPOINT_DEFAULTS.flashboot,
      allowedCudaVersions: cuda ?? [],
      version: 1,
      createdAt: now,
      updatedAt: now,
    };
    await insertEndpoint(
      this.db,
      record,
      body.templateId ?? null,
      this.release(record, containerDiff(null, containerState(record)), accountId),
    );
    this.s.events.emit("endpoint.created", { accountId, endpointId: record.id });
    return this.view(record);
  }

  /** PATCH: only sent fields change; every rule is checked on the resulting endpoint. */
  async update(accountId: string, id: string, body: UpdateEndpointInput): Promise<Endpoint> {
    for (let attempt = 0; attempt < UPDATE_ATTEMPTS; attempt++) {
      const row = await this.getEndpointOrThrow(accountId, id);
      const cur = rowToRecord(row);
      if (body.scaling) {
        const v = scalingViolations(cur.type, body.scaling);
        if (v.length > 0) throw ruleProblem(v);
      }
      const scaling = body.scaling ?? cur.scaling;
      const workers = resolveWorkers(cur.type, scaling, body.workers, cur.workers);

      let container: Required<ContainerFields> = {
        image: body.image ?? cur.image,
        args: body.args ?? cur.args,
        disk: body.disk ?? cur.disk,
        ports: body.ports ?? cur.ports,
        env: body.env ?? cur.env,
        registry: body.registry !== undefined ? body.registry : cur.registry,
      };
      let templateId = row.template_id;
      if (body.templateId !== undefined) {
        // One-shot apply: as if the template's settings were in this body; env (merged, body wins) replaces.
        const template = requireServerlessTemplate(
          await findUsableTemplate(this.db, accountId, body.templateId),
          body.templateId,
        );
        container = mergeTemplate(template, body);
        templateId = body.templateId;
      }
      const pools = body.gpu?.pools ? unique(body.gpu.pools) : cur.gpu?.pools;
      if (!pools) throw ruleProblem([{ path: "gpu.pools", message: "is required" }]);
      const cuda = body.allowedCudaVersions ?? cur.allowedCudaVersions;
      const requested = body.dataCenterIds
        ? unique(body.dataCenterIds)
        : (cur.requestedDataCenterIds ?? cur.dataCenterIds);
      const violations = catalogViolations(placementCatalog(), {
        pools: body.gpu?.pools ? pools : undefined,
        cuda:
          body.allowedCudaVersions || body.gpu?.pools
            ? { versions: cuda, pools, fromTemplate: false }
            : undefined,
        dataCenterIds: body.dataCenterIds ? requested : undefined,
      });
      if (violations.length > 0) throw ruleProblem(violations);
      if (container.registry !== cur.registry)
        await requireOwnRegistry(this.db, accountId, container.registry);
      const placement =
        body.networkVolumes !== undefined || body.dataCenterIds !== undefined
          ? await placeWorkers(
              this.volumes,
              accountId,
              body.networkVolumes ?? cur.networkVolumes,
              requested,
            )
          : { dataCenterIds: cur.dataCenterIds, volumeDataCenters: cur.volumeDataCenters ?? {} };

      const next: EndpointRecord = {
        ...cur,
        ...container,
        name: body.name ?? cur.name,
        gpu: { pools, count: body.gpu?.count ?? cur.gpu?.count ?? 1 },
        workers,
        scaling,
        ...placementFields(placement, requested),
        timeout: body.timeout ?? cur.timeout,
        flashboot: body.flashboot ?? cur.flashboot,
        allowedCudaVersions: cuda,
        updatedAt: this.s.clock.now(),
      };
      // Container changes make a new release that workers roll onto; the rest applies promptly.
      const diff = containerDiff(containerState(cur), containerState(next));
      if (diff.length > 0) next.version = cur.version + 1;
      const release = diff.length > 0 ? this.release(next, diff, accountId) : null;
      if (await updateEndpoint(this.db, row, next, templateId, release)) {
        this.s.events.emit("endpoint.updated", {
          accountId,
          endpointId: id,
          version: next.version,
        });
        return this.view(next);
      }
    }
    throw problems.conflict("the endpoint was changed concurrently; retry the update");
  }

  /** 204; the job engine cancels the endpoint's queued and running jobs on `endpoint.deleted`. */
  async remove(accountId: string, id: string): Promise<void> {
    await this.getEndpointOrThrow(accountId, id);
    if (!(await deleteEndpointRow(this.db, accountId, id))) throw problems.notFound("endpoint");
    this.s.events.emit("endpoint.deleted", { accountId, endpointId: id });
  }

  async releases(accountId: string, id: string): Promise<ListReleasesResponse> {
    const record = rowToRecord(await this.getEndpointOrThrow(accountId, id));
    const workers = await this.workerDirectory.list(id);
    const rows = await listReleaseRows(this.db, id);
    return {
      endpointVersion: record.version,
      rollout: rollout(record.version, workers),
      releases: rows.map((r) => toRelease(r, workers)),
    };
  }

  async workers(accountId: string, id: string): Promise<ListEndpointWorkersResponse> {
    const record = rowToRecord(await this.getEndpointOrThrow(accountId, id));
    const workers = await this.workerDirectory.list(id);
    const count = (status: string) => workers.filter((w) => w.status === status).length;
    return {
      endpointVersion: record.version,
      summary: {
        running: count("RUNNING"),
        idle: count("IDLE"),
        initializing: count("INITIALIZING"),
        throttled: count("THROTTLED"),
        unhealthy: count("UNHEALTHY"),
        total: workers.length,
      },
      workers,
    };
  }

  private release(
    record: EndpointRecord,
    diff: unknown[],
    accountId: string,
  ): EndpointReleasesTable {
    return {
      id: this.s.ids.next("release"),
      endpoint_id: record.id,
      version: record.version,
      diff: JSON.stringify(diff),
      created_by: accountId,
      created_at: record.updatedAt,
    };
  }
}
