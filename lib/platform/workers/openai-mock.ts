import type { BuiltinJobContext, BuiltinJobResult } from "./builtin-image";

type Message = { role?: unknown; content?: unknown };

function lastUserText(body: Record<string, unknown>): string {
  if (Array.isArray(body.messages)) {
    const users = (body.messages as Message[]).filter(
      (m) => m?.role === "user" && typeof m.content === "string",
    );
    const last = users[users.length - 1];
    if (last) return last.content as string;
  }
  if (typeof body.prompt === "string") return body.prompt;
  return "";
}

/**
 * OpenAI-compatible answers of the mock worker for jobs relayed from `/openai/v1/...` (input
 * `{openai_route, openai_input}`, as worker-vllm reads it). Streaming requests yield raw SSE text
 * chunks, which the platform relays as they come.
 */
export async function openAiMock(
  job: BuiltinJobContext,
  route: string,
  rawBody: unknown,
): Promise<BuiltinJobResult> {
  const body =
    typeof rawBody === "object" && rawBody !== null ? (rawBody as Record<string, unknown>) : {};
  const model = typeof body.model === "string" ? body.model : "mock-model";
  const created = Math.floor(job.now() / 1000);
  if (route === "/v1/models") {
    return {
      kind: "output",
      output: {
        object: "list",
        data: [{ id: model, object: "model", created, owned_by: "hangar" }],
      },
    };
  }
  const chat = route === "/v1/chat/completions";
  if (!chat && route !== "/v1/completions")
    return { kind: "error", error: `unsupported OpenAI route ${route}` };
  const said = lastUserText(body);
  const text = said ? `You said: ${said}` : "Hello World!";
  const id = `${chat ? "chatcmpl" : "cmpl"}-${job.id}`;
  const object = chat ? "chat.completion" : "text_completion";
  if (body.stream === true) {
    const words = text.split(" ");
    for (const [i, word] of words.entries()) {
      const piece = i === 0 ? word : ` ${word}`;
      const choice = chat
        ? { index: 0, delta: { content: piece }, finish_reason: null }
        : { index: 0, text: piece, finish_reason: null };
      await job.stream(
        `data: ${JSON.stringify({ id, object: `${object}.chunk`, created, model, choices: [choice] })}\n\n`,
      );
    }
    await job.stream("data: [DONE]\n\n");
    return { kind: "output", output: [], streamed: true };
  }
  const tokens = text.split(" ").length;
  const choice = chat
    ? { index: 0, message: { role: "assistant", content: text }, finish_reason: "stop" }
    : { index: 0, text, finish_reason: "stop" };
  return {
    kind: "output",
    output: {
      id,
      object,
      created,
      model,
      choices: [choice],
      usage: {
        prompt_tokens: said.split(" ").length,
        completion_tokens: tokens,
        total_tokens: said.split(" ").length + tokens,
      },
    },
  };
}
