/**
 * What a streaming model request reports while the provider is still answering. An adapter streams when the
 * request carries `onStream`: it asks the provider's streaming API through the official SDK, reports these
 * events in arrival order, and resolves with the same `ModelResponse` a non-streamed request gives (the
 * provider's response object assembled from the stream), so the loop appends and dispatches exactly as before.
 */
import type { ModelResponse } from "./model-adapter.js";
import type { ToolCall } from "./tool-call.js";

/** One piece of a streamed answer, provider-neutral. */
export type ModelStreamEvent =
  /** Visible answer text, as it arrives. */
  | { type: "text-delta"; text: string }
  /** Thinking / reasoning text or summary, as it arrives (never part of `ModelResponse.text`). */
  | { type: "reasoning-delta"; text: string }
  /** The model began a function call; `index` orders the calls of this response from 0. */
  | { type: "tool-call-start"; index: number; callId: string; name: string }
  /** More of a call's JSON arguments (concatenated in order they form the arguments text). */
  | { type: "tool-call-delta"; index: number; callId: string; argumentsDelta: string }
  /** A call's arguments are complete: `call` is what `ModelResponse.toolCalls` will hold for it. */
  | { type: "tool-call-end"; index: number; call: ToolCall };

/** Receives a streaming request's events; a listener that throws is ignored by the caller that wraps it. */
export type ModelStreamListener = (event: ModelStreamEvent) => void;

/**
 * What a streamed request leaves when it stops before the provider finished (an abort, a dropped connection):
 * the part received so far as a response that is valid to append to the transcript. It holds the text so far
 * and only the tool calls whose arguments were complete; blocks that cannot be replayed (a thinking block with
 * no signature yet, a half-written call) are left out. Absent when nothing replayable arrived.
 */
export interface InterruptedStream<Response = unknown> {
  partial?: ModelResponse<Response>;
  /** Calls that had started (`tool-call-start`) but whose arguments never completed. */
  unfinished: { callId: string; name: string }[];
}
