/**
 * The loop's view of a streamed model answer: each provider-neutral `ModelStreamEvent` becomes the `AgentEvent`
 * of the same step, tagged with the turn. Pure translation; the caller's emitter decides what a listener may do.
 */
import type { ModelStreamEvent, ModelStreamListener } from "../spec/model-stream.js";
import type { AgentEvent } from "./agent-events.js";

/** The agent event a stream event reports at `turn`. */
export function agentStreamEvent(turn: number, event: ModelStreamEvent): AgentEvent {
  switch (event.type) {
    case "text-delta":
      return { type: "text-delta", turn, text: event.text };
    case "reasoning-delta":
      return { type: "reasoning-delta", turn, text: event.text };
    case "tool-call-start":
      return { type: "tool-input-start", turn, index: event.index, callId: event.callId, name: event.name };
    case "tool-call-delta":
      return {
        type: "tool-input-delta",
        turn,
        index: event.index,
        callId: event.callId,
        argumentsDelta: event.argumentsDelta,
      };
    case "tool-call-end":
      return {
        type: "tool-input-end",
        turn,
        index: event.index,
        callId: event.call.id,
        name: event.call.name,
        arguments: event.call.arguments,
      };
  }
}

/** An `onStream` listener for one request that reports through `emit` (which must not throw). */
export function streamListener(turn: number, emit: (event: AgentEvent) => void): ModelStreamListener {
  return (event) => emit(agentStreamEvent(turn, event));
}
