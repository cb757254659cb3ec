import type { Kysely } from "kysely";
import type { EventBus } from "../../events";
import {
  getEndpointRecord,
  listEndpointRecords,
} from "../../management/endpoints/endpoints.repository";
import type { EndpointRecord } from "../../management/endpoints/endpoint-record";
import type { Database } from "../../store/schema";

// Every job request needs its endpoint; a read per request would double the hot path's queries.
// Local changes invalidate at once (events); another instance's change shows within this many ms.
const CACHE_MS = 1000;

/** Endpoint records as the job engine reads them (any account's; ownership is checked by callers). */
export class EndpointCache {
  private readonly cache = new Map<string, { record: EndpointRecord | null; until: number }>();

  constructor(
    private readonly db: Kysely<Database>,
    events: EventBus,
    /** Records that have no row (hosted-model system endpoints), derived from their id. */
    private readonly virtual: (id: string) => EndpointRecord | null = () => null,
  ) {
    const drop = ({ endpointId }: { endpointId: string }) => {
      this.cache.delete(endpointId);
    };
    events.on("endpoint.created", drop);
    events.on("endpoint.updated", drop);
    events.on("endpoint.deleted", drop);
  }

  async get(id: string): Promise<EndpointRecord | null> {
    const derived = this.virtual(id);
    if (derived) return derived;
    const now = Date.now();
    const hit = this.cache.get(id);
    if (hit && hit.until > now) return hit.record;
    const record = await getEndpointRecord(this.db, id);
    if (this.cache.size > 5000) this.cache.clear();
    this.cache.set(id, { record, until: now + CACHE_MS });
    return record;
  }

  invalidate(id: string): void {
    this.cache.delete(id);
  }

  /** Every endpoint (the scaler's sweep for `workers.min`). */
  async all(): Promise<EndpointRecord[]> {
    const records = await listEndpointRecords(this.db);
    const until = Date.now() + CACHE_MS;
    for (const r of records) this.cache.set(r.id, { record: r, until });
    return records;
  }
}
