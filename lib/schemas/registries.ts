import { z } from "zod";
import { IsoDateTime } from "./common";

// Container registry credentials (`/v2/registries`) and ECR delegations (`/v2/registries/delegations`).
// The credential's username and password are write-only: no response carries them.

export const Registry = z.object({ id: z.string(), name: z.string() }).meta({ id: "Registry" });
export type Registry = z.infer<typeof Registry>;

export const ListRegistriesResponse = z
  .object({ registries: z.array(Registry) })
  .meta({ id: "ListRegistriesResponse" });
export type ListRegistriesResponse = z.infer<typeof ListRegistriesResponse>;

export const CreateRegistryInput = z
  .strictObject({
    name: z.string().min(1),
    username: z.string().min(1),
    password: z.string().min(1),
  })
  .meta({ id: "CreateRegistryRequest" });
export type CreateRegistryInput = z.infer<typeof CreateRegistryInput>;

export const EcrDelegation = z
  .object({
    id: z.string(),
    name: z.string().nullable().optional(),
    delegatorUserId: z.string(),
    awsUser: z.string(),
    repository: z.string(),
    tag: z.string(),
    awsRegion: z.string(),
    dockerRegistryUri: z.string().optional(),
    createdAt: IsoDateTime,
  })
  .meta({ id: "EcrDelegation" });
export type EcrDelegation = z.infer<typeof EcrDelegation>;

export const ListDelegationsResponse = z
  .object({ delegations: z.array(EcrDelegation) })
  .meta({ id: "ListDelegationsResponse" });
export type ListDelegationsResponse = z.infer<typeof ListDelegationsResponse>;

/**
 * An ECR repository ARN, optionally pinned to a tag:
 * `arn:aws:ecr:<region>:<12-digit account>:repository/<name>[:<tag>]` (tag defaults to `latest`).
 */
export const EcrRepositoryArn = z
  .string()
  .regex(
    /^arn:aws:ecr:[a-z]{2}(?:-[a-z]+)+-\d+:\d{12}:repository\/[a-z0-9](?:[a-z0-9._/-]*[a-z0-9])?(?::[\w][\w.-]{0,127})?$/,
    "must be an ECR repository ARN: arn:aws:ecr:<region>:<account id>:repository/<name>[:<tag>]",
  );

export const CreateDelegationInput = z
  .strictObject({
    /** ECR repository ARN. */
    resource: EcrRepositoryArn,
    name: z.string().min(1).nullable().optional(),
  })
  .meta({ id: "CreateDelegationRequest" });
export type CreateDelegationInput = z.infer<typeof CreateDelegationInput>;
