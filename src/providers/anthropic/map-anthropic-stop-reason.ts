import type { FinishReason } from "../../spec/model-adapter.js";

/**
 * Anthropic `stop_reason` → finish reason. `pause_turn` (a server tool paused a long turn) and unknown future
 * values are `other`; `model_context_window_exceeded` is a length stop like `max_tokens`.
 */
export function mapAnthropicStopReason(reason: string | null | undefined): FinishReason {
  switch (reason) {
    case "end_turn":
    case "stop_sequence":
      return "stop";
    case "tool_use":
      return "tool-calls";
    case "max_tokens":
    case "model_context_window_exceeded":
      return "length";
    case "refusal":
      return "content-filter";
    default:
      return "other";
  }
}
