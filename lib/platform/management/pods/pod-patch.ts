import type { Kysely } from "kysely";
import { applyMountPatch, mountPatchViolations, type UpdatePodInput } from "@/lib/schemas/pods";
import { problems } from "../../http/problem";
import { throwIfViolations, violation } from "../../http/rule-violations";
import type { Database } from "../../store/schema";
import type { PodsTable } from "../../store/schema-compute";
import { dataCenterById, gpuTypeById } from "../catalog/catalog-view";
import { requireOwnRegistry } from "../registries/registries.repository";
import { mergeTemplate } from "../templates/template-merge";
import { podTemplate } from "./pod-create";
import { parseDoc, publishPorts, type PodDoc } from "./pod-record";

/**
 * The seed's PATCH rules, as a pure-ish function from the stored pod and the body to the new
 * document and columns:
 * 1. `templateId` applies the template's container settings (not mounts) as if sent in the body;
 *    body fields win; `env` is merged per key (body wins) and then replaces the pod's env; no link
 *    is kept (`template` keeps naming the creation template).
 * 2. `mounts`: omitted or `{}` unchanged; `network: []`, a new kind or another volume → 400;
 *    incomplete entries are 422 (schema).
 * 3. `locked` sets or clears the lock.
 * 4. `globalNetworking` is recorded now and takes effect at the next start or restart; it needs an
 *    NVIDIA GPU and a data center with `globalNetwork`.
 */
export async function patchPod(
  db: Kysely<Database>,
  accountId: string,
  row: PodsTable,
  body: UpdatePodInput,
): Promise<Partial<PodsTable>> {
  const doc = parseDoc(row);
  throwIfViolations(mountPatchViolations(doc.mounts, body.mounts));

  let container: Partial<Pick<PodDoc, "image" | "args" | "disk" | "ports" | "env" | "registry">> = {
    ...(body.image !== undefined ? { image: body.image } : {}),
    ...(body.args !== undefined ? { args: body.args } : {}),
    ...(body.disk !== undefined ? { disk: body.disk } : {}),
    ...(body.ports !== undefined ? { ports: body.ports } : {}),
    ...(body.env !== undefined ? { env: body.env } : {}),
    ...(body.registry !== undefined ? { registry: body.registry } : {}),
  };
  if (body.templateId !== undefined) {
    container = mergeTemplate(await podTemplate(db, accountId, body.templateId), body);
  }
  if (container.registry !== undefined && container.registry !== doc.registry) {
    await requireOwnRegistry(db, accountId, container.registry);
  }

  const next: PodDoc = { ...doc, ...container, mounts: applyMountPatch(doc.mounts, body.mounts) };
  if (container.ports !== undefined)
    next.portMap = publishPorts(container.ports, doc.portMap, Math.random);

  if (body.globalNetworking !== undefined) {
    if (body.globalNetworking) {
      const nvidia = doc.gpu !== undefined && gpuTypeById(doc.gpu.id)?.manufacturer === "NVIDIA";
      if (!nvidia) throw violation("globalNetworking", "needs an NVIDIA GPU pod");
      const dc = row.data_center_id ? dataCenterById(row.data_center_id) : undefined;
      if (!dc?.globalNetwork) {
        throw violation(
          "globalNetworking",
          `needs a data center with global networking; ${row.data_center_id ?? "this pod's data center"} has none (catalog field globalNetwork)`,
        );
      }
    }
    next.globalNetworking = { ...doc.globalNetworking, requested: body.globalNetworking };
  }

  const set: Partial<PodsTable> = { data: JSON.stringify(next) };
  if (body.name !== undefined) set.name = body.name;
  if (body.locked !== undefined) set.locked = body.locked ? 1 : 0;
  return set;
}

/** Cluster members are managed through their cluster (reference: 409 on pod endpoints). */
export function assertNotClusterMember(row: PodsTable, what: string): void {
  if (row.cluster_id !== null) {
    throw problems.conflict(
      `pod ${row.id} belongs to cluster ${row.cluster_id}; it cannot be ${what} through the pod endpoints — manage it through /v2/clusters/${row.cluster_id}`,
    );
  }
}
