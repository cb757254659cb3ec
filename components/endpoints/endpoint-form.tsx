"use client";

import { Controller, useForm, useWatch, type FieldError } from "react-hook-form";
import { ContainerSourceFields, ImageField } from "@/components/forms/container-fields";
import dynamic from "next/dynamic";
import type { ContainerFields as ContainerFieldsComponent } from "@/components/forms/container-runtime-fields";
import { showDefaultsInHtml } from "@/components/forms/defaults-in-html";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { DataCenterPicker } from "@/components/forms/data-center-picker";
import { asNumber } from "@/components/forms/env-rows";
import { AdvancedSection } from "@/components/forms/advanced-section";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { applyProblemToForm } from "@/lib/queries/apply-problem";
import type { DataCenter } from "@/lib/schemas/catalog";
import type { Problem } from "@/lib/schemas/common";
import type { Template } from "@/lib/schemas/templates";
import type { NetworkVolume } from "@/lib/schemas/network-volumes";
import { CudaVersionPicker } from "./cuda-version-picker";
import type { EndpointFormOutput, EndpointFormValues } from "./endpoint-form-schema";
import {
  ENDPOINT_FORM_ALIASES,
  ENDPOINT_FORM_FIELDS,
  hasIdleTimeout,
} from "./endpoint-form-values";
import { GpuPoolPicker } from "./gpu-pool-picker";
import { TrafficProjection } from "./endpoint-cost-line";
import { EndpointSummary } from "./endpoint-summary";
import { cudaVersionsOf, type GpuPool } from "./gpu-pools";
import { LbEnvFields } from "./lb-env-fields";
import { NetworkVolumePicker, volumeDataCenters } from "./network-volume-picker";

// Loaded when the collapsed advanced section first opens.
const ContainerFields = dynamic(() =>
  import("@/components/forms/container-runtime-fields").then((m) => m.ContainerFields),
) as unknown as typeof ContainerFieldsComponent;

const num = asNumber;

export interface EndpointFormProps {
  mode: "create" | "edit";
  defaultValues: EndpointFormValues;
  pools: readonly GpuPool[];
  dataCenters: readonly DataCenter[];
  templates: readonly Template[];
  volumes: readonly NetworkVolume[];
  submitLabel: string;
  /** Resolves with null on success or the problem to show on the form. */
  onSubmit: (values: EndpointFormOutput) => Promise<Problem | null>;
}

/** Create and edit an endpoint, validated with the contract schema (CreateEndpointInput) it extends. */
export function EndpointForm(props: EndpointFormProps) {
  const { mode, pools, dataCenters, templates, volumes } = props;
  const form = useForm<EndpointFormValues, unknown, EndpointFormOutput>({
    resolver: lazyZodResolver(() =>
      import("./endpoint-form-schema").then((m) => m.EndpointFormSchema),
    ),
    defaultValues: props.defaultValues,
  });
  showDefaultsInHtml(form, ["source"]);
  const { register, control, setValue, handleSubmit, formState } = form;
  const { errors, isSubmitting } = formState;
  const [type, scalingType, gpu, workers, attached, envRows, source, templateId] = useWatch({
    control,
    name: [
      "type",
      "scaling.type",
      "gpu",
      "workers",
      "networkVolumes",
      "envRows",
      "source",
      "templateId",
    ],
  });
  const confinedTo = volumeDataCenters(volumes, attached ?? []);
  const offeredCuda = cudaVersionsOf(pools, gpu?.pools ?? []);
  const idle = hasIdleTimeout(type, scalingType);

  async function submit(values: EndpointFormOutput) {
    const problem = await props.onSubmit(values);
    if (problem)
      applyProblemToForm(problem, form.setError, {
        fields: ENDPOINT_FORM_FIELDS,
        aliases: ENDPOINT_FORM_ALIASES,
      });
  }

  function chooseType(next: "QUEUE" | "LOAD_BALANCER") {
    setValue("type", next, { shouldDirty: true });
    // A load balancer can only scale on in-flight requests.
    if (next === "LOAD_BALANCER" && scalingType !== "REQUEST_COUNT")
      setValue("scaling", { type: "REQUEST_COUNT", requestCount: 1 }, { shouldDirty: true });
  }
  function chooseScaler(next: string) {
    setValue(
      "scaling",
      next === "REQUEST_COUNT"
        ? { type: "REQUEST_COUNT", requestCount: 1 }
        : { type: "QUEUE_DELAY", queueDelay: 4 },
      { shouldDirty: true },
    );
  }

  const scalingErrors = errors.scaling as
    | {
        type?: { message?: string };
        queueDelay?: { message?: string };
        requestCount?: { message?: string };
      }
    | undefined;

  return (
    <form
      onSubmit={handleSubmit(submit)}
      noValidate
      className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]"
    >
      <div className="min-w-0 space-y-6">
        <Field id="endpoint-name" label="Endpoint name" error={errors.name?.message}>
          {(p) => <Input {...p} {...register("name")} autoComplete="off" />}
        </Field>

        {mode === "create" ? (
          <fieldset>
            <legend className="text-sm font-medium">Type</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {(
                [
                  [
                    "QUEUE",
                    "Queue",
                    "Requests wait in a queue; workers take jobs (/run, /runsync).",
                  ],
                  ["LOAD_BALANCER", "Load balancer", "HTTP goes straight to your worker's server."],
                ] as const
              ).map(([value, label, hint]) => (
                <label
                  key={value}
                  className="flex cursor-pointer gap-2 rounded-md border border-neutral-300 p-3 text-sm has-checked:border-violet-600 dark:border-neutral-700"
                >
                  <input
                    type="radio"
                    name="endpoint-type"
                    value={value}
                    checked={type === value}
                    onChange={() => chooseType(value)}
                    className="accent-violet-600"
                  />
                  <span>
                    <span className="font-medium">{label}</span>
                    <span className="block text-neutral-600 dark:text-neutral-400">{hint}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        ) : (
          <p className="text-sm">
            Type:{" "}
            <span className="font-medium">{type === "QUEUE" ? "Queue" : "Load balancer"}</span>{" "}
            <span className="text-neutral-600 dark:text-neutral-400">(fixed at creation)</span>
          </p>
        )}

        {mode === "create" ? (
          <ContainerSourceFields
            control={control}
            idPrefix="endpoint"
            templates={templates}
            imageHint="e.g. runpod/mock-worker:latest (a built-in worker that echoes mock_return)"
          />
        ) : (
          <ImageField control={control} idPrefix="endpoint" />
        )}

        <Controller
          control={control}
          name="gpu.pools"
          render={({ field }) => (
            <GpuPoolPicker
              pools={pools}
              value={field.value ?? []}
              onChange={field.onChange}
              inputRef={field.ref}
              error={errors.gpu?.pools?.message ?? errors.gpu?.message}
            />
          )}
        />

        <div className="grid gap-4 sm:grid-cols-3">
          <Field id="gpu-count" label="GPUs per worker" error={errors.gpu?.count?.message}>
            {(p) => <Input {...p} type="number" min={1} {...register("gpu.count", num)} />}
          </Field>
          <Field
            id="workers-min"
            label="Min workers"
            hint="Always on (billed)"
            error={errors.workers?.min?.message}
          >
            {(p) => <Input {...p} type="number" min={0} {...register("workers.min", num)} />}
          </Field>
          <Field id="workers-max" label="Max workers" error={errors.workers?.max?.message}>
            {(p) => <Input {...p} type="number" min={0} {...register("workers.max", num)} />}
          </Field>
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id="scaling-type"
            label="Scale on"
            hint={
              type === "LOAD_BALANCER" ? "Load balancers always scale on request count." : undefined
            }
            error={scalingErrors?.type?.message}
          >
            {(p) => (
              <Select
                {...p}
                value={scalingType}
                onChange={(e) => chooseScaler(e.target.value)}
                options={[
                  {
                    value: "QUEUE_DELAY",
                    label: "Queue delay (seconds waited)",
                    disabled: type === "LOAD_BALANCER",
                  },
                  { value: "REQUEST_COUNT", label: "Request count (per worker)" },
                ]}
              />
            )}
          </Field>
          {scalingType === "QUEUE_DELAY" ? (
            <Field
              id="scaling-queue-delay"
              label="Queue delay (s)"
              hint="Add a worker when a request has waited this long."
              error={scalingErrors?.queueDelay?.message}
            >
              {(p) => (
                <Input {...p} type="number" step="0.5" {...register("scaling.queueDelay", num)} />
              )}
            </Field>
          ) : (
            <Field
              id="scaling-request-count"
              label="Requests per worker"
              hint="Add a worker when each has this many requests in flight."
              error={scalingErrors?.requestCount?.message}
            >
              {(p) => (
                <Input {...p} type="number" min={1} {...register("scaling.requestCount", num)} />
              )}
            </Field>
          )}
        </div>

        {idle ? (
          <Field
            id="workers-idle"
            label="Idle timeout (s)"
            hint="How long a worker with nothing to do stays warm before it stops (1–3600)."
            error={errors.workers?.idleTimeout?.message}
          >
            {(p) => (
              <Input
                {...p}
                type="number"
                min={1}
                max={3600}
                {...register("workers.idleTimeout", num)}
              />
            )}
          </Field>
        ) : (
          <p className="text-sm text-neutral-600 dark:text-neutral-400" id="idle-explained">
            No idle timeout: a queue endpoint scaling on request count stops a worker as soon as it
            has no request in flight.
          </p>
        )}

        <TrafficProjection pools={pools} gpu={gpu} workers={workers} />

        <Controller
          control={control}
          name="allowedCudaVersions"
          render={({ field, fieldState }) => {
            // An array's error sits on the array, its root, or its first bad item.
            const e = fieldState.error as
              (FieldError & { root?: FieldError; 0?: FieldError }) | undefined;
            return (
              <CudaVersionPicker
                offered={offeredCuda}
                value={field.value ?? []}
                onChange={field.onChange}
                inputRef={field.ref}
                poolsChosen={(gpu?.pools ?? []).length > 0}
                templatePins={
                  mode === "create" && source === "template"
                    ? templates.find((t) => t.id === templateId)?.allowedCudaVersions
                    : undefined
                }
                error={e?.message ?? e?.root?.message ?? e?.[0]?.message}
              />
            );
          }}
        />

        <Controller
          control={control}
          name="networkVolumes"
          render={({ field }) => (
            <NetworkVolumePicker
              volumes={volumes}
              value={field.value ?? []}
              onChange={(next) => {
                field.onChange(next);
                // Workers run only where a volume is: the placement follows the volumes.
                setValue("dataCenterIds", [...volumeDataCenters(volumes, next).keys()], {
                  shouldDirty: true,
                });
              }}
              error={errors.networkVolumes?.message ?? errors.networkVolumes?.root?.message}
            />
          )}
        />

        <Controller
          control={control}
          name="dataCenterIds"
          render={({ field }) => (
            <DataCenterPicker
              id="endpoint-data-centers"
              dataCenters={dataCenters}
              value={field.value ?? []}
              onChange={field.onChange}
              inputRef={field.ref}
              placed="workers"
              confinedTo={confinedTo}
              error={errors.dataCenterIds?.message ?? errors.dataCenterIds?.[0]?.message}
            />
          )}
        />

        {type === "LOAD_BALANCER" && (
          <LbEnvFields
            rows={envRows ?? []}
            onChange={(next) => setValue("envRows", next, { shouldDirty: true })}
          />
        )}

        <AdvancedSection
          title="Advanced: execution timeout, FlashBoot, ports, disk and environment"
          hasError={
            !!(errors.timeout || errors.flashboot || errors.ports || errors.disk || errors.envRows)
          }
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id="endpoint-timeout"
              label="Execution timeout (ms)"
              hint="Per request; default 300000 (5 min)."
              error={errors.timeout?.message}
            >
              {(p) => <Input {...p} type="number" min={1} {...register("timeout", num)} />}
            </Field>
            <Field
              id="endpoint-flashboot"
              label="FlashBoot"
              hint="Faster cold starts by keeping worker state."
              error={errors.flashboot?.message}
            >
              {(p) => (
                <Select
                  {...p}
                  {...register("flashboot")}
                  options={[
                    { value: "OFF", label: "Off" },
                    { value: "FLASHBOOT", label: "FlashBoot" },
                    { value: "PRIORITY_FLASHBOOT", label: "Priority FlashBoot" },
                  ]}
                />
              )}
            </Field>
          </div>

          <ContainerFields
            control={control}
            idPrefix="endpoint"
            portsHint="Comma-separated <port>/<http|tcp|udp>; empty: none (or the template's)."
            diskHint="Per worker; wiped when the worker stops. Empty: the platform's default (or the template's)."
          />
        </AdvancedSection>
      </div>

      <EndpointSummary
        control={control}
        pools={pools}
        templates={templates}
        volumes={volumes}
        submitLabel={props.submitLabel}
        pending={isSubmitting}
        problem={errors.root?.server?.message}
      />
    </form>
  );
}
