import type { ProviderRequestError } from "../../spec/provider-error.js";
import type { PromptCache } from "./anthropic-cache.js";
import { resolveTurn, ScriptError } from "./policies.js";
import type { ProviderName, RequestView, Script, Turn } from "./types.js";
import { errorBody, scriptFailure } from "./wire-errors.js";

/** What a route handler answers: a status and JSON body, or a server-sent event stream. */
export interface Reply {
  status: number;
  body: unknown;
  /**
   * Server-sent events to send instead of `body` (which then records the equivalent non-streamed response), one
   * complete event per element, written one at a time (see `EmulatorOptions.streamEventDelayMs`).
   */
  stream?: readonly string[];
}

/** Per-emulator state: the script and what the "provider" remembers between requests. */
export interface EmulatorState {
  script: Script;
  anthropicNameMaxLength: 64 | 128;
  anthropicCacheMinimums: Readonly<Record<string, number>>;
  cache: PromptCache;
  /** Responses API: response id → every item of that exchange (input and output), for `previous_response_id`. */
  responses: Map<string, unknown[]>;
  /** Responses API: function_call item id → the reasoning item id issued with it. */
  reasoningFor: Map<string, string>;
  /** Pause between two streamed events, in milliseconds. */
  streamEventDelayMs: number;
}

export type Handler = (
  body: Record<string, unknown>,
  state: EmulatorState,
  model: string | undefined,
) => Reply;

export function rejection(error: ProviderRequestError): Reply {
  return { status: error.status, body: errorBody(error) };
}

/** Runs the script; a script bug becomes a 500 in the provider's shape instead of a crash. */
export function runScript(
  provider: ProviderName,
  state: EmulatorState,
  view: RequestView,
): { turn: Turn } | { reply: Reply } {
  try {
    return { turn: resolveTurn(state.script, view) };
  } catch (error) {
    const message = error instanceof ScriptError ? error.message : `script threw: ${String(error)}`;
    return { reply: rejection(scriptFailure(provider, message)) };
  }
}
