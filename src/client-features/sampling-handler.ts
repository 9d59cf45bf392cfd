/**
 * Answers `sampling/createMessage` with a configured model, after an approval step: a server may spend the
 * user's tokens only when the policy allows it or a person says yes. Nobody to ask means no. A rejection is
 * answered as the spec suggests (JSON-RPC error -1); a model failure as an error naming the provider. The model
 * choice and the request reading are imported at the first request, not with the package (issue 22 item 4).
 */
import type {
  ClientRequestContext,
  CreateMessageRequestParams,
  CreateMessageResult,
  SamplingAnswer,
} from "../connect/types.js";
import { renderMessages } from "../context/render.js";
import type { ModelResponse } from "../spec/model-adapter.js";
import type { SamplingModel } from "./model-preferences.js";

export interface SamplingApprovalRequest {
  server: string;
  /** `provider/model` that would answer. */
  model: string;
  /** Why that model (a hint, the priorities, or the default). */
  because: string;
  systemPrompt?: string;
  /** Text of the last message, for a one-line summary. */
  lastMessage: string;
  maxTokens: number;
  /** Names of the tools the server offers the model. */
  tools: string[];
  params: CreateMessageRequestParams;
}

export type SamplingApprovalAnswer = "allow" | "deny" | { deny: string };

export type SamplingApprovalHook = (
  request: SamplingApprovalRequest,
  options: { signal: AbortSignal },
) => SamplingApprovalAnswer | Promise<SamplingApprovalAnswer>;

export interface SamplingOptions {
  /** The first is the default; `modelPreferences` may pick another. */
  models: readonly SamplingModel[];
  /** `allow` runs every request, `deny` (the default) none, a hook asks. */
  approval?: "allow" | "deny" | SamplingApprovalHook;
  /** Upper bound on the server's `maxTokens`. Default 4,096. */
  maxTokens?: number;
  /** Told about every request and how it ended. */
  onEvent?: (event: SamplingEvent) => void;
}

export interface SamplingEvent {
  server: string;
  model: string;
  outcome: "answered" | "rejected" | "failed";
  detail?: string;
}

export const DEFAULT_SAMPLING_MAX_TOKENS = 4096;
export const USER_REJECTED = "User rejected sampling request";

export function createSamplingHandler(
  options: SamplingOptions,
): (params: CreateMessageRequestParams, context: ClientRequestContext) => Promise<SamplingAnswer> {
  return async (params, context) => {
    const [{ chooseSamplingModel }, { samplingConversation }] = await Promise.all([
      import("./model-preferences.js"),
      import("./sampling-request.js"),
    ]);
    const choice = chooseSamplingModel(params.modelPreferences, options.models);
    const adapter = choice.model.adapter;
    const model = `${adapter.provider}/${adapter.model}`;
    const maxTokens = Math.max(
      1,
      Math.min(params.maxTokens, options.maxTokens ?? DEFAULT_SAMPLING_MAX_TOKENS),
    );
    const report = (outcome: SamplingEvent["outcome"], detail?: string) =>
      options.onEvent?.({
        server: context.server,
        model,
        outcome,
        ...(detail === undefined ? {} : { detail }),
      });

    const denial = await decide(
      options.approval,
      {
        server: context.server,
        model,
        because: choice.because,
        ...(params.systemPrompt === undefined ? {} : { systemPrompt: params.systemPrompt }),
        lastMessage: lastText(params),
        maxTokens,
        tools: (params.tools ?? []).map((tool) => tool.name),
        params,
      },
      context.signal,
    );
    if (denial !== undefined) {
      report("rejected", denial);
      return { rejected: denial === "" ? USER_REJECTED : `${USER_REJECTED}: ${denial}` };
    }

    const conversation = samplingConversation(context.server, params, adapter.target);
    const rendered = renderMessages(adapter.wire, conversation.messages);
    let response: ModelResponse;
    try {
      response = await adapter.generate({
        messages: rendered.messages,
        tools: conversation.toolset?.tools ?? [],
        ...(params.systemPrompt === undefined || params.systemPrompt === ""
          ? {}
          : { system: params.systemPrompt }),
        maxTokens,
        signal: context.signal,
      });
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      report("failed", detail);
      throw new Error(`Sampling with ${model} failed: ${detail}`, { cause: error });
    }
    report("answered");
    return { result: toResult(response, adapter.model, conversation.toolset?.names) };
  };
}

/** Undefined when allowed; otherwise the reason ("" for a plain no). */
async function decide(
  approval: SamplingOptions["approval"],
  request: SamplingApprovalRequest,
  signal: AbortSignal,
): Promise<string | undefined> {
  if (approval === "allow") return undefined;
  if (approval === undefined || approval === "deny")
    return "sampling is not allowed (no approval hook; policy deny)";
  try {
    const answer = await approval(request, { signal });
    if (answer === "allow") return undefined;
    if (answer === "deny") return "";
    return typeof answer === "object" && typeof answer.deny === "string" ? answer.deny : "";
  } catch (error) {
    return `the approval step failed: ${error instanceof Error ? error.message : String(error)}`;
  }
}

function toResult(
  response: ModelResponse,
  model: string,
  names: { resolve(name: string): { tool: string } | undefined } | undefined,
): CreateMessageResult {
  const stopReason = stopReasonOf(response);
  if (names === undefined) {
    return { role: "assistant", model, stopReason, content: { type: "text", text: response.text } };
  }
  const content: Record<string, unknown>[] = [];
  if (response.text !== "" || response.toolCalls.length === 0)
    content.push({ type: "text", text: response.text });
  for (const call of response.toolCalls) {
    content.push({
      type: "tool_use",
      id: call.id,
      name: names.resolve(call.name)?.tool ?? call.name,
      input: isRecord(call.arguments) ? call.arguments : {},
    });
  }
  // An array with tool_use blocks is CreateMessageResultWithTools; the SDK validates the shape on the way out.
  return { role: "assistant", model, stopReason, content } as unknown as CreateMessageResult;
}

function stopReasonOf(response: ModelResponse): string {
  switch (response.finishReason) {
    case "stop":
      return "endTurn";
    case "tool-calls":
      return "toolUse";
    case "length":
      return "maxTokens";
    default:
      return response.rawFinishReason ?? response.finishReason;
  }
}

function lastText(params: CreateMessageRequestParams): string {
  const last = params.messages.at(-1);
  if (last === undefined) return "";
  const blocks = Array.isArray(last.content) ? last.content : [last.content];
  return blocks
    .map((block) => (block.type === "text" ? block.text : `[${block.type}]`))
    .join(" ")
    .slice(0, 500);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
