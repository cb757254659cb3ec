"use server";

import { z } from "zod";
import { clearSession } from "@/lib/auth/session";
import { defineAction } from "./define-action";

/** Ends the console session. The platform key itself stays valid: it was only ever held in the cookie. */
export const signOut = defineAction(z.object({}), async () => {
  await clearSession();
  return null;
});
