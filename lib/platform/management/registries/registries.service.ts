import type { Kysely } from "kysely";
import type { CreateRegistryInput, Registry } from "@/lib/schemas/registries";
import type { Clock } from "../../clock";
import { problem, problems } from "../../http/problem";
import type { Ids } from "../../ids";
import { SecretsError, type SecretBox } from "../../secrets";
import type { Database } from "../../store/schema";
import { endpointIdsUsingRegistry } from "../endpoints/endpoints.repository";
import { clearTemplateRegistry } from "../templates/templates.repository";
import {
  deleteRegistryRow,
  findRegistryRow,
  getRegistryCredentials,
  insertRegistry,
  listRegistryRows,
  podIdsUsingRegistry,
  registryNameTaken,
  toRegistry,
} from "./registries.repository";

export class RegistriesService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly ids: Ids,
    private readonly secrets: SecretBox,
  ) {}

  async list(accountId: string): Promise<Registry[]> {
    return (await listRegistryRows(this.db, accountId)).map(toRegistry);
  }

  async get(accountId: string, id: string): Promise<Registry> {
    return toRegistry(await this.getRegistryOrThrow(accountId, id));
  }

  private async getRegistryOrThrow(accountId: string, id: string) {
    const row = await findRegistryRow(this.db, accountId, id);
    if (!row) throw problems.notFound("registry credential");
    return row;
  }

  async create(accountId: string, body: CreateRegistryInput): Promise<Registry> {
    // Names identify credentials in the console's pickers, so one account cannot reuse one.
    if (await registryNameTaken(this.db, accountId, body.name)) {
      throw problem(400, `a registry credential named "${body.name}" already exists`, [
        `name: a registry credential named "${body.name}" already exists`,
      ]);
    }
    const row = {
      id: this.ids.next("registry"),
      account_id: accountId,
      name: body.name,
      username: body.username,
      // Write-only and needed again only to pull images: stored sealed (lib/platform/secrets.ts).
      password: this.secrets.seal(body.password),
      created_at: this.clock.now(),
    };
    await insertRegistry(this.db, row);
    return toRegistry(row);
  }

  /**
   * The credential in clear, for whoever pulls a private image. A password sealed under another
   * key (an instance on the same database without the shared key) is a 500 saying so.
   */
  async credentials(
    accountId: string,
    id: string,
  ): Promise<{ username: string; password: string }> {
    const row = await getRegistryCredentials(this.db, accountId, id);
    if (!row) throw problems.notFound("registry credential");
    try {
      return { username: row.username, password: this.secrets.open(row.password) };
    } catch (err) {
      if (!(err instanceof SecretsError)) throw err;
      throw problem(500, `cannot read the password of registry credential ${id}: ${err.message}`);
    }
  }

  /**
   * Refused (400) while a pod or an endpoint pulls with it — their next image pull would fail.
   * Templates silently lose the reference, as in the reference API.
   */
  async remove(accountId: string, id: string): Promise<void> {
    await this.getRegistryOrThrow(accountId, id);
    const pods = await podIdsUsingRegistry(this.db, accountId, id);
    const endpoints = await endpointIdsUsingRegistry(this.db, accountId, id);
    if (pods.length > 0 || endpoints.length > 0) {
      const users = [
        ...(pods.length > 0 ? [`pods ${pods.join(", ")}`] : []),
        ...(endpoints.length > 0 ? [`endpoints ${endpoints.join(", ")}`] : []),
      ];
      throw problem(400, `registry credential ${id} is in use by ${users.join(" and ")}`, [
        ...pods.map((p) => `$: registry credential is used by pod ${p}`),
        ...endpoints.map((e) => `$: registry credential is used by endpoint ${e}`),
      ]);
    }
    await clearTemplateRegistry(this.db, accountId, id, this.clock.now());
    await deleteRegistryRow(this.db, accountId, id);
  }
}
