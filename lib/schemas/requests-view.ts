import { z } from "zod";
import { JobSummary } from "./jobs";

// The console's answer for an endpoint's Requests tab (`GET /api/serverless/{id}/requests`): the
// job API's `/requests`, each failed job's `error` also read into one line on the console's server
// (`errorLine`), so the browser does not carry the error reader to list them. Console-only: not part
// of the platform's contract (not in ./index).

export const RequestView = JobSummary.extend({
  /** The error's message, with its class when known ("ValueError: image is not a PNG"). */
  errorLine: z.string().optional(),
});
export type RequestView = z.infer<typeof RequestView>;

export const RequestsView = z.object({ requests: z.array(RequestView), limit: z.number().int() });
export type RequestsView = z.infer<typeof RequestsView>;
