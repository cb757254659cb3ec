import { z } from "zod";

/** RFC 7807 problem body used by every non-2xx answer of the management API. */
export const Problem = z
  .object({
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    errors: z.array(z.string()).optional(),
  })
  .meta({ id: "ErrorResponse", description: "application/problem+json error body" });
export type Problem = z.infer<typeof Problem>;

export const Port = z
  .string()
  .regex(/^\d{1,5}\/(http|tcp|udp)$/, "must be formatted <port>/<protocol>, e.g. 8888/http");

export const Env = z.record(z.string(), z.string());

export const MajorMinor = z.string().regex(/^\d+\.\d+$/, "must be major.minor, e.g. 12.8");

/** Shared container configuration (templates, pods, endpoints). */
export const BaseContainerConfigShape = {
  image: z.string().min(1),
  args: z.string(),
  disk: z.number().int().min(1),
  ports: z.array(Port),
  env: Env,
};
export const ContainerConfigShape = {
  ...BaseContainerConfigShape,
  registry: z.string().min(1).nullable(),
};

export const IsoDateTime = z.iso.datetime({ offset: true });

/** `{id}` path parameter. */
export const IdParam = z.object({ id: z.string().min(1) });
