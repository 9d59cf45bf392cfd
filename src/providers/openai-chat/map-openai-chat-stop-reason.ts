import type { FinishReason } from "../../spec/model-adapter.js";

/** Chat Completions `finish_reason` → finish reason (`function_call` is the deprecated name of `tool_calls`). */
export function mapOpenAIChatStopReason(reason: string | null | undefined): FinishReason {
  switch (reason) {
    case "stop":
      return "stop";
    case "tool_calls":
    case "function_call":
      return "tool-calls";
    case "length":
      return "length";
    case "content_filter":
      return "content-filter";
    default:
      return "other";
  }
}
