import { validateOpenAIResponsesMessages } from "../../providers/openai-responses/validate-messages.js";
import type { ProviderRequestError } from "../../spec/provider-error.js";
import { ids } from "./ids.js";
import { openaiResponsesStream } from "./openai-responses-stream.js";
import { openaiResponsesView } from "./openai-responses-view.js";
import { type EmulatorState, type Reply, rejection, runScript } from "./reply.js";
import { estimateTokens } from "./tokens.js";
import { validateOpenAIResponsesTools } from "./tool-validators.js";

/** Models that emit `reasoning` items (and then require them replayed with their function calls). */
const REASONING_MODEL = /^(o\d|gpt-5|gpt-6|codex)/;

/** `POST /v1/responses` */
export function openaiResponses(body: Record<string, unknown>, state: EmulatorState): Reply {
  if (body.model === undefined) {
    // [U]
    return rejection(invalid("Missing required parameter: 'model'.", "model", "missing_required_parameter"));
  }
  const prepared = prepare(body, state);
  if ("reply" in prepared) return prepared.reply;
  const outcome = runScript("openai", state, openaiResponsesView(body, prepared.items));
  if ("reply" in outcome) return outcome.reply;
  const { turn } = outcome;

  const model = String(body.model);
  const output: Record<string, unknown>[] = [];
  const reasoning = REASONING_MODEL.test(model) ? ids.responseReasoning() : undefined;
  if (reasoning !== undefined) output.push({ type: "reasoning", id: reasoning, summary: [] });
  if (turn.text !== undefined) {
    output.push({
      type: "message",
      id: ids.responseMessage(),
      status: "completed",
      role: "assistant",
      content: [{ type: "output_text", text: turn.text, annotations: [], logprobs: [] }],
    });
  }
  for (const call of turn.toolCalls ?? []) {
    const id = ids.responseFunctionCall();
    if (reasoning !== undefined) state.reasoningFor.set(id, reasoning);
    output.push({
      type: "function_call",
      id,
      call_id: ids.chatToolCall(),
      name: call.name,
      arguments: JSON.stringify(call.arguments),
      status: "completed",
    });
  }
  const inputTokens = countInput(body, prepared.items);
  const outputTokens = estimateTokens(output);
  const response = {
    id: ids.response(),
    object: "response",
    created_at: Math.floor(Date.now() / 1000),
    status: "completed",
    background: false,
    error: null,
    incomplete_details: null,
    instructions: body.instructions ?? null,
    max_output_tokens: body.max_output_tokens ?? null,
    metadata: body.metadata ?? {},
    model,
    output,
    parallel_tool_calls: body.parallel_tool_calls ?? true,
    previous_response_id: body.previous_response_id ?? null,
    reasoning: { effort: null, summary: null },
    store: body.store ?? true,
    temperature: body.temperature ?? 1,
    text: { format: { type: "text" } },
    tool_choice: body.tool_choice ?? "auto",
    tools: body.tools ?? [],
    top_p: body.top_p ?? 1,
    truncation: "disabled",
    usage: {
      input_tokens: inputTokens,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: outputTokens,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: inputTokens + outputTokens,
    },
  };
  // A streamed response is stored whole when it is built, under the id its events carry (a client leaving
  // mid-stream does not cancel it here).
  if (body.store !== false) state.responses.set(response.id, [...prepared.items, ...output]);
  if (body.stream === true) return { status: 200, body: response, stream: openaiResponsesStream(response) };
  return { status: 200, body: response };
}

/** `POST /v1/responses/input_tokens` */
export function openaiResponsesInputTokens(body: Record<string, unknown>, state: EmulatorState): Reply {
  const prepared = prepare(body, state);
  if ("reply" in prepared) return prepared.reply;
  return {
    status: 200,
    body: { object: "response.input_tokens", input_tokens: countInput(body, prepared.items) },
  };
}

/** Resolves `previous_response_id` and validates tools and input; returns every item the model sees. */
function prepare(
  body: Record<string, unknown>,
  state: EmulatorState,
): { items: unknown[] } | { reply: Reply } {
  let prior: unknown[] = [];
  if (typeof body.previous_response_id === "string") {
    const stored = state.responses.get(body.previous_response_id);
    if (stored === undefined) {
      return {
        reply: rejection(
          // [S]
          invalid(
            `Previous response with id '${body.previous_response_id}' not found.`,
            "previous_response_id",
            "previous_response_not_found",
          ),
        ),
      };
    }
    prior = stored;
  }
  const errors: ProviderRequestError[] = [];
  if (body.tools !== undefined) errors.push(...validateOpenAIResponsesTools(body.tools));
  errors.push(
    ...validateOpenAIResponsesMessages(body, { priorItems: prior, requiredReasoning: state.reasoningFor }),
  );
  const error = errors[0];
  if (error !== undefined) return { reply: rejection(error) };
  const input = typeof body.input === "string" ? [{ role: "user", content: body.input }] : body.input;
  return { items: [...prior, ...(Array.isArray(input) ? input : [])] };
}

function countInput(body: Record<string, unknown>, items: readonly unknown[]): number {
  return estimateTokens([body.instructions ?? "", body.tools ?? [], items]);
}

function invalid(message: string, param: string, code: string): ProviderRequestError {
  return { provider: "openai", status: 400, message, param, code };
}
