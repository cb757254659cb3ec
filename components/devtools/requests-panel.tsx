"use client";

import { useState } from "react";
import { Loading, LoadError } from "@/components/forms/query-states";
import { Badge, type Tone } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Table, TBody, THead, Td, Th, Tr } from "@/components/ui/table";
import { useServedRequests } from "@/lib/queries/devtools";
import type { ListRequestsQuery } from "@/lib/schemas/devtools";

const tone = (status: number): Tone =>
  status >= 500 ? "danger" : status >= 400 ? "warning" : status >= 300 ? "info" : "success";

/** The request inspector: the platform's last requests, filterable, refreshed every 2 s. */
export function RequestsPanel() {
  const [method, setMethod] = useState("");
  const [status, setStatus] = useState("");
  const [path, setPath] = useState("");
  const [area, setArea] = useState("");
  const [live, setLive] = useState(true);
  const filters: Partial<ListRequestsQuery> = {
    ...(method ? { method } : {}),
    ...(status ? { status } : {}),
    ...(path ? { path } : {}),
    ...(area ? { area: area as ListRequestsQuery["area"] } : {}),
  };
  const requests = useServedRequests(filters, live);

  return (
    <div className="space-y-4">
      <form
        role="search"
        aria-label="Filter requests"
        onSubmit={(e) => e.preventDefault()}
        className="grid max-w-4xl gap-3 sm:grid-cols-5"
      >
        <Field id="req-method" label="Method">
          {(p) => (
            <Select
              {...p}
              value={method}
              onChange={(e) => setMethod(e.target.value)}
              options={["", "GET", "POST", "PUT", "PATCH", "DELETE"].map((m) => ({
                value: m,
                label: m || "Any",
              }))}
            />
          )}
        </Field>
        <Field id="req-status" label="Status">
          {(p) => (
            <Select
              {...p}
              value={status}
              onChange={(e) => setStatus(e.target.value)}
              options={["", "2xx", "3xx", "4xx", "5xx", "401", "404", "429"].map((s) => ({
                value: s,
                label: s || "Any",
              }))}
            />
          )}
        </Field>
        <Field id="req-area" label="API">
          {(p) => (
            <Select
              {...p}
              value={area}
              onChange={(e) => setArea(e.target.value)}
              options={[
                { value: "", label: "Any" },
                { value: "management", label: "Management" },
                { value: "job", label: "Job API" },
                { value: "control", label: "Control" },
                { value: "public", label: "Public" },
              ]}
            />
          )}
        </Field>
        <Field id="req-path" label="Path contains">
          {(p) => (
            <Input
              {...p}
              value={path}
              placeholder="/v2/serverless"
              onChange={(e) => setPath(e.target.value)}
            />
          )}
        </Field>
        <div className="flex items-end pb-2">
          <label className="inline-flex items-center gap-2 text-sm">
            <input type="checkbox" checked={live} onChange={(e) => setLive(e.target.checked)} />
            Live
          </label>
        </div>
      </form>
      {requests.isPending ? (
        <Loading what="requests" />
      ) : requests.isError ? (
        <LoadError what="requests" error={requests.error} onRetry={() => requests.refetch()} />
      ) : requests.data.requests.length === 0 ? (
        <EmptyState title="No requests match">
          <p>
            Requests to the platform from the console, the SDKs, curl or your workers appear here as
            they are served (the last {requests.data.capacity} are kept). API keys are never shown,
            only their names.
          </p>
        </EmptyState>
      ) : (
        <Table>
          <caption className="sr-only">Served requests, newest first</caption>
          <THead>
            <tr>
              <Th>Time</Th>
              <Th>Method</Th>
              <Th>Path</Th>
              <Th>Status</Th>
              <Th>Latency</Th>
              <Th>Key</Th>
            </tr>
          </THead>
          <TBody>
            {requests.data.requests.map((r) => (
              <Tr key={r.id}>
                <Td className="font-mono text-xs">{r.at.slice(11, 23)}</Td>
                <Td className="font-mono text-xs">{r.method}</Td>
                <Td className="max-w-md font-mono text-xs break-all">{r.path}</Td>
                <Td>
                  <Badge tone={tone(r.status)}>{r.status}</Badge>
                </Td>
                <Td className="text-xs">{r.latencyMs} ms</Td>
                <Td className="text-xs">{r.keyName ?? "—"}</Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
    </div>
  );
}
