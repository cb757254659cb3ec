import { EventEmitter } from "node:events";

/**
 * In-process domain events between platform modules (e.g. the job engine cancels an endpoint's
 * jobs when the endpoint is deleted). Cross-instance effects must go through the store, never
 * through these events alone.
 */
export interface PlatformEvents {
  "endpoint.created": { accountId: string; endpointId: string };
  "endpoint.updated": { accountId: string; endpointId: string; version: number };
  "endpoint.deleted": { accountId: string; endpointId: string };
  "account.balance-depleted": { accountId: string };
}

export class EventBus {
  private readonly emitter = new EventEmitter();
  emit<K extends keyof PlatformEvents>(name: K, payload: PlatformEvents[K]): void {
    this.emitter.emit(name, payload);
  }
  on<K extends keyof PlatformEvents>(
    name: K,
    listener: (payload: PlatformEvents[K]) => void | Promise<void>,
  ): () => void {
    const wrapped = (p: PlatformEvents[K]) => void listener(p);
    this.emitter.on(name, wrapped);
    return () => this.emitter.off(name, wrapped);
  }
}
