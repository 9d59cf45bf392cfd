import type { FinishReason } from "../../spec/model-adapter.js";

/**
 * `finish_reason` as Chat Completions servers other than OpenAI send it: OpenAI's values plus the spellings
 * inference servers use (`eos`, `eos_token`, `end_turn`, `max_tokens`, `model_length`, `abort`, `error`).
 */
export function mapOpenAICompatibleStopReason(reason: string | null | undefined): FinishReason {
  switch (reason) {
    case "stop":
    case "eos":
    case "eos_token":
    case "end_turn":
    case "stop_sequence":
      return "stop";
    case "tool_calls":
    case "function_call":
    case "tool_use":
      return "tool-calls";
    case "length":
    case "max_tokens":
    case "model_length":
      return "length";
    case "content_filter":
      return "content-filter";
    case "error":
    case "abort":
      return "error";
    default:
      return "other";
  }
}
