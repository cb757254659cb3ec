// Hangar worker runtime: serve a platform endpoint from your own TypeScript handler.
//
//   import { startWorker } from "@/lib/worker";
//   startWorker({ handler: async (job) => ({ echoed: job.input }) });
//
// The process needs the worker environment of its endpoint: `npm run platform -- worker-env <id>`
// (or GET /_platform/endpoints/<id>/worker-env) prints it.
export { startWorker } from "./worker";
export type {
  Handler,
  HandlerContext,
  RunningWorker,
  StartWorkerOptions,
  WorkerJob,
} from "./worker";
export { WorkerConfigError, RUNTIME_VERSION } from "./protocol";
