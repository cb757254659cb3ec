// The contract in one import: `import { CreateEndpointInput } from "@/lib/schemas"`.
// Shared building blocks (mounts, PodStatus, VolumeType) are defined in ./common and re-exported by
// ./pods and ./network-volumes too; star re-exports of the same binding are not ambiguous.
export * from "./common";
export * from "./account";
export * from "./billing";
export * from "./catalog";
export * from "./clusters";
export * from "./control";
export * from "./endpoints";
export * from "./jobs";
export * from "./metrics";
export * from "./network-volumes";
export * from "./pods";
export * from "./registries";
export * from "./templates";
export * from "./hosted-models";
