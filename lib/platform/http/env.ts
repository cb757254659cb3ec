import type { Logger } from "pino";
import type { AuthContext } from "../accounts/accounts.service";

/** Per-request values the HTTP layer sets on the Hono context. */
export type PlatformEnv = {
  Variables: {
    requestId: string;
    log: Logger;
    auth: AuthContext | undefined;
    /** Rate-limit headers to send on this answer, success or error (management API). */
    rateLimit: { rateLimit: string; policy: string } | undefined;
  };
};
