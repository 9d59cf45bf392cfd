import { validateAnthropicMessages } from "../../providers/anthropic/validate-messages.js";
import type { ProviderRequestError } from "../../spec/provider-error.js";
import { countBreakpoints, promptBlocks, promptTokens } from "./anthropic-cache.js";
import {
  CACHE_MINIMUM_TOKENS,
  DEFAULT_CACHE_MINIMUM_TOKENS,
  DEFAULT_TOOL_PROMPT_TOKENS,
  lookupModel,
  TOOL_PROMPT_TOKENS,
} from "./anthropic-data.js";
import { anthropicStream } from "./anthropic-stream.js";
import { anthropicView } from "./anthropic-view.js";
import { ids } from "./ids.js";
import { type EmulatorState, type Reply, rejection, runScript } from "./reply.js";
import { estimateTokens } from "./tokens.js";
import { validateAnthropicTools } from "./tool-validators.js";
import { arrayOf, isRecord } from "./view-helpers.js";

const MAX_BREAKPOINTS = 4;
const BREAKPOINT_LIMIT_PREFIX = "A maximum of ";

/** `POST /v1/messages` */
export function anthropicMessages(body: Record<string, unknown>, state: EmulatorState): Reply {
  const error = requestErrors(body, state, true)[0];
  if (error !== undefined) return rejection(error);
  const view = anthropicView(body);
  const outcome = runScript("anthropic", state, view);
  if ("reply" in outcome) return outcome.reply;
  const { turn } = outcome;
  const pausing = turn.pauseFirst !== undefined && view.continuation !== true;

  const content: Record<string, unknown>[] = [];
  if (isRecord(body.thinking) && (body.thinking.type === "enabled" || body.thinking.type === "adaptive")) {
    content.push({ type: "thinking", thinking: "(emulated reasoning)", signature: ids.thoughtSignature() });
  }
  if (pausing) content.push({ type: "text", text: turn.pauseFirst });
  else {
    if (turn.text !== undefined) content.push({ type: "text", text: turn.text });
    for (const call of turn.toolCalls ?? []) {
      content.push({ type: "tool_use", id: ids.anthropicToolUse(), name: call.name, input: call.arguments });
    }
  }
  const model = String(body.model);
  const minimum =
    lookupModel(state.anthropicCacheMinimums, model) ??
    lookupModel(CACHE_MINIMUM_TOKENS, model) ??
    DEFAULT_CACHE_MINIMUM_TOKENS;
  const usage = state.cache.apply(model, promptBlocks(body), minimum, toolPromptTokens(body));
  const message = {
    id: ids.anthropicMessage(),
    type: "message",
    role: "assistant",
    model,
    content,
    stop_reason: pausing ? "pause_turn" : (turn.toolCalls ?? []).length > 0 ? "tool_use" : "end_turn",
    stop_sequence: null,
    usage: { ...usage, output_tokens: estimateTokens(content), service_tier: "standard" },
  };
  if (body.stream === true) return { status: 200, body: message, stream: anthropicStream(message) };
  return { status: 200, body: message };
}

/** `POST /v1/messages/count_tokens`: same body, no cache logic. */
export function anthropicCountTokens(body: Record<string, unknown>, state: EmulatorState): Reply {
  const error = requestErrors(body, state, false)[0];
  if (error !== undefined) return rejection(error);
  return { status: 200, body: { input_tokens: promptTokens(promptBlocks(body), toolPromptTokens(body)) } };
}

function requestErrors(
  body: Record<string, unknown>,
  state: EmulatorState,
  needsMaxTokens: boolean,
): ProviderRequestError[] {
  // [S] pydantic-style texts ("max_tokens: Field required" is quoted from real responses in many clients).
  const missing = (field: string): ProviderRequestError => ({
    provider: "anthropic",
    status: 400,
    message: `${field}: Field required`,
  });
  if (body.model === undefined) return [missing("model")];
  if (needsMaxTokens && body.max_tokens === undefined) return [missing("max_tokens")];
  if (body.messages === undefined) return [missing("messages")];
  const errors: ProviderRequestError[] = [];
  if (body.tools !== undefined) {
    // The tool validator counts breakpoints within `tools` only; the whole request's count is reported below.
    const toolErrors = validateAnthropicTools(body.tools, { nameMaxLength: state.anthropicNameMaxLength });
    errors.push(...toolErrors.filter((error) => !error.message.startsWith(BREAKPOINT_LIMIT_PREFIX)));
  }
  errors.push(...validateAnthropicMessages(body, { nameMaxLength: state.anthropicNameMaxLength }));
  const breakpoints = countBreakpoints(body);
  if (breakpoints > MAX_BREAKPOINTS) {
    // [O] e.g. tghamm/Anthropic.SDK#50, Wei-Shaw/sub2api#176
    errors.push({
      provider: "anthropic",
      status: 400,
      message: `A maximum of ${MAX_BREAKPOINTS} blocks with cache_control may be provided. Found ${breakpoints}.`,
    });
  }
  return errors;
}

/** The hidden tool-use system prompt (docs/provider-rules.md#anthropic-tokens), present when any tool is. */
function toolPromptTokens(body: Record<string, unknown>): number {
  if (arrayOf(body.tools).length === 0) return 0;
  const [auto, forced] = lookupModel(TOOL_PROMPT_TOKENS, String(body.model)) ?? DEFAULT_TOOL_PROMPT_TOKENS;
  const choice = isRecord(body.tool_choice) ? body.tool_choice.type : undefined;
  return choice === "any" || choice === "tool" ? forced : auto;
}
