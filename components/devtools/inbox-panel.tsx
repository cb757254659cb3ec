"use client";

import { Loading, LoadError } from "@/components/forms/query-states";
import { TimeAgo } from "@/components/forms/time-ago";
import { Badge, type Tone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CodeBlock } from "@/components/ui/code-block";
import { EmptyState } from "@/components/ui/empty-state";
import { Table, TBody, THead, Td, Th, Tr } from "@/components/ui/table";
import { useToast } from "@/components/ui/toast";
import { clearInbox, redeliverWebhook } from "@/lib/actions/devtools";
import { describeProblem } from "@/lib/queries/describe-problem";
import { devtoolsKeys, useInbox } from "@/lib/queries/devtools";
import { useAction } from "@/lib/queries/use-action";
import type { DeliveryWithPayload } from "@/lib/schemas/devtools";

const DELIVERY: Record<DeliveryWithPayload["status"], Tone> = {
  pending: "info",
  delivered: "success",
  failed: "danger",
};

const json = (v: unknown) => (typeof v === "string" ? v : (JSON.stringify(v, null, 2) ?? ""));

/**
 * The webhook inbox, live: the account's built-in receiver (its URL and what it received) and every
 * delivery the platform attempted, with payload and attempts, each re-deliverable.
 */
export function InboxPanel() {
  const toast = useToast();
  const inbox = useInbox();
  const invalidate = [devtoolsKeys.inbox()];
  const redeliver = useAction(redeliverWebhook, invalidate);
  const clear = useAction(clearInbox, invalidate);

  if (inbox.isPending) return <Loading what="the webhook inbox" />;
  if (inbox.isError)
    return (
      <LoadError what="the webhook inbox" error={inbox.error} onRetry={() => inbox.refetch()} />
    );
  const { receiverUrl, messages, deliveries } = inbox.data;

  async function again(d: DeliveryWithPayload) {
    const result = await redeliver.mutateAsync({ deliveryId: d.id });
    if (result.ok) toast({ tone: "success", title: `Delivery of job ${d.jobId} queued again` });
    else
      toast({
        tone: "error",
        title: "Not re-delivered",
        description: describeProblem(result.problem),
      });
  }

  return (
    <div className="space-y-8">
      <section aria-labelledby="receiver-heading" className="space-y-2">
        <h2 id="receiver-heading" className="text-base font-semibold">
          Built-in receiver
        </h2>
        <p className="text-sm text-neutral-700 dark:text-neutral-300">
          Use this URL as a job&apos;s <code>webhook</code>: it needs no API key, and everything
          posted to it appears below within two seconds.
        </p>
        <CodeBlock label="Receiver URL" code={receiverUrl} />
      </section>

      <section aria-labelledby="received-heading">
        <div className="mb-2 flex items-center justify-between">
          <h2 id="received-heading" className="text-base font-semibold">
            Received ({messages.length})
          </h2>
          {messages.length > 0 && (
            <Button
              variant="secondary"
              size="sm"
              pending={clear.isPending}
              onClick={() => void clear.mutateAsync({})}
            >
              Empty inbox
            </Button>
          )}
        </div>
        {messages.length === 0 ? (
          <EmptyState title="Nothing received yet">
            <p>
              Send a job with <code>&quot;webhook&quot;: &quot;{receiverUrl}&quot;</code>: when it
              ends, the platform posts the job here.
            </p>
          </EmptyState>
        ) : (
          <ul className="space-y-3" aria-label="Received payloads">
            {messages.map((m) => (
              <li key={m.id}>
                <CodeBlock
                  label={`${m.method} · ${m.contentType ?? "no content type"} · ${m.at.replace("T", " ").slice(0, 19)} UTC`}
                  language="json"
                  code={json(m.body)}
                />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="deliveries-heading">
        <h2 id="deliveries-heading" className="mb-2 text-base font-semibold">
          Delivery attempts
        </h2>
        {deliveries.length === 0 ? (
          <EmptyState title="No webhook deliveries yet">
            <p>Every job that ends with a webhook set shows its delivery and attempts here.</p>
          </EmptyState>
        ) : (
          <Table>
            <caption className="sr-only">Webhook deliveries, newest first</caption>
            <THead>
              <tr>
                <Th>Job</Th>
                <Th>URL</Th>
                <Th>Status</Th>
                <Th>Attempts</Th>
                <Th>Created</Th>
                <Th>
                  <span className="sr-only">Actions</span>
                </Th>
              </tr>
            </THead>
            <TBody>
              {deliveries.map((d) => (
                <Tr key={d.id}>
                  <Td className="font-mono text-xs">{d.jobId}</Td>
                  <Td className="max-w-xs font-mono text-xs break-all">{d.url}</Td>
                  <Td>
                    <Badge tone={DELIVERY[d.status]}>{d.status}</Badge>
                  </Td>
                  <Td className="text-xs">
                    <ol className="space-y-0.5">
                      {d.attempts.map((a) => (
                        <li key={a.attempt}>
                          #{a.attempt}: {a.statusCode ?? "no answer"} in {a.durationMs} ms
                          {a.error && a.statusCode !== 200 ? ` — ${a.error}` : ""}
                        </li>
                      ))}
                      {d.nextAttemptAt && <li>next at {d.nextAttemptAt.slice(11, 19)} UTC</li>}
                    </ol>
                  </Td>
                  <Td>
                    <TimeAgo iso={d.createdAt} />
                  </Td>
                  <Td>
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Re-deliver the webhook of job ${d.jobId}`}
                      onClick={() => void again(d)}
                    >
                      Re-deliver
                    </Button>
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        )}
      </section>
    </div>
  );
}
