import type { FinishReason } from "../../spec/model-adapter.js";

/** The fields of a `Response` its finish is read from. */
export interface ResponsesFinishLike {
  status?: string | null;
  incomplete_details?: { reason?: string | null } | null;
}

/**
 * The Responses API has no stop reason: a `completed` response with function calls stopped for them, an
 * `incomplete` one says why in `incomplete_details.reason`, a `failed` one is an error.
 */
export function mapOpenAIResponsesStopReason(
  response: ResponsesFinishLike,
  hasToolCalls: boolean,
): FinishReason {
  switch (response.status) {
    case "completed":
      return hasToolCalls ? "tool-calls" : "stop";
    case "incomplete":
      switch (response.incomplete_details?.reason) {
        case "max_output_tokens":
          return "length";
        case "content_filter":
          return "content-filter";
        default:
          return "other";
      }
    case "failed":
      return "error";
    default:
      return hasToolCalls ? "tool-calls" : "other";
  }
}
