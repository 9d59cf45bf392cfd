/**
 * What the agent loop reports while it runs, one event per step. Listeners see them in order; a listener that
 * throws is ignored, never allowed to break the loop (every call must still be answered).
 */
import type { FinishReason, TokenUsage } from "../spec/model-adapter.js";
import type { ToolOutcome } from "../spec/tool-call.js";
import type { TranslationWarning } from "../spec/warning.js";

/** Why a run ended. */
export type StopReason =
  /** The model answered without calling tools. */
  | "done"
  /** `maxTurns` model requests were made and the model still wanted tools. */
  | "max-turns"
  /** A token budget (or the budget hook) was exceeded. */
  | "budget"
  /** The caller's signal fired. */
  | "aborted"
  /** The provider call failed, or the model's answer was an error. */
  | "error";

/**
 * What `runAgent` reports as it goes (to `onEvent`): each request, streamed text and tool input, each tool call
 * and its answer. Use it for progress displays, logs and cost observers.
 */
export type AgentEvent =
  | {
      type: "request";
      /** 1-based number of the model request. */
      turn: number;
      /** Length of the transcript sent. */
      messages: number;
      /** Number of tools offered. */
      tools: number;
      /** The toolset's hash: it changes when the catalogue changes what is sent. */
      toolsetHash: string;
      /** The catalogue generation the tools came from, when known. */
      generation?: number;
    }
  | {
      type: "response";
      turn: number;
      finishReason: FinishReason;
      rawFinishReason?: string;
      text: string;
      toolCallCount: number;
      /** Time waiting for the provider. */
      durationMs: number;
    }
  /** Streaming only (`stream: true`): answer text as it arrives, before the turn's `response` event. */
  | { type: "text-delta"; turn: number; text: string }
  /** Streaming only: thinking / reasoning text as it arrives. */
  | { type: "reasoning-delta"; turn: number; text: string }
  /** Streaming only: the model began writing a function call (it runs after the response completes). */
  | { type: "tool-input-start"; turn: number; index: number; callId: string; name: string }
  /** Streaming only: more of that call's JSON arguments text. */
  | { type: "tool-input-delta"; turn: number; index: number; callId: string; argumentsDelta: string }
  /** Streaming only: that call's arguments are complete (`arguments` parsed as dispatch will see them). */
  | { type: "tool-input-end"; turn: number; index: number; callId: string; name: string; arguments: unknown }
  | {
      type: "tool-call-start";
      turn: number;
      callId: string;
      /** The name the model called. */
      name: string;
      /** Where the name resolves in the toolset's table (absent for an unknown name). */
      server?: string;
      tool?: string;
      arguments: unknown;
    }
  | {
      type: "tool-call-end";
      turn: number;
      callId: string;
      name: string;
      server?: string;
      tool?: string;
      outcome: ToolOutcome;
      isError: boolean;
      durationMs: number;
    }
  | { type: "usage"; turn: number; usage: TokenUsage; totals: TokenUsage }
  | {
      type: "warning";
      turn: number;
      /** `model`: about the response; `toolset`: about what was offered; `tool-results`: lost in conversion. */
      source: "model" | "toolset" | "tool-results";
      warning: TranslationWarning;
    }
  | { type: "stop"; turn: number; reason: StopReason; detail?: string };

/** Receives each `AgentEvent` of a run, in order (`runAgent`'s `onEvent`); what it throws is ignored. */
export type AgentEventListener = (event: AgentEvent) => void;
