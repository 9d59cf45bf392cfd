/**
 * The agent loop: ask the model, answer every tool call it makes, append both to the transcript, repeat until
 * the model answers without calls or a stop condition hits. Provider-neutral: it knows a `ModelAdapter` and
 * dispatch, never an SDK. The transcript stays provider-native and valid at every exit (an abort, a budget or
 * the turn limit leaves every call answered), so it can be sent again to continue the conversation.
 */

import type { ApprovalPolicy } from "../dispatch/approval.js";
import { dispatchToolCalls } from "../dispatch/dispatch-tool-calls.js";
import type { DispatchContext, DispatchHost, ToolsetResolution } from "../dispatch/types.js";
import { StreamInterruptedError, SwitchboardError } from "../errors.js";
import { NameHistory } from "../naming/index.js";
import type { FinishReason, ModelAdapter, ModelResponse, TokenUsage } from "../spec/model-adapter.js";
import type { InterruptedStream } from "../spec/model-stream.js";
import type { ToolCall, ToolOutcome, ToolResult } from "../spec/tool-call.js";
import type { Toolset } from "../toolset/build-toolset.js";
import type { AgentEvent, AgentEventListener, StopReason } from "./agent-events.js";
import { describeModelError } from "./describe-model-error.js";
import { addUsage, budgetExceeded, type TokenBudget, ZERO_USAGE } from "./stop-conditions.js";
import { streamListener } from "./stream-events.js";

export const DEFAULT_MAX_TURNS = 20;

/** The parts of a `Toolset` the loop reads. */
export type AgentToolset = Pick<Toolset, "tools" | "names" | "entries" | "hash" | "warnings" | "history"> & {
  generation?: number;
  target: { wire: string };
  /** How its calls reach servers (tool search carries its own); absent: direct. */
  resolution?: ToolsetResolution;
};

/** What `buildTools` is told before each request: the turn number and the toolset the previous request carried. */
export interface ToolsetContext {
  /** The 1-based number of the request the tools are for. */
  turn: number;
  /** What the previous request carried (a "frozen" policy returns it unchanged). */
  previous?: AgentToolset;
}

/**
 * What `runAgent` needs: the model (`adapter`), the servers that answer calls (`host`), the tools (a fixed
 * `toolset` or a `buildTools` policy run before every request) and the conversation to start from.
 */
export interface RunAgentOptions<Message = unknown, Response = unknown> {
  adapter: ModelAdapter<Message, Response>;
  host: DispatchHost;
  /** A fixed toolset for every request. */
  toolset?: AgentToolset;
  /**
   * Called before every request: build the tools from the current catalogue so a `list_changed` applies at the
   * next turn (`liveToolset` does this, rebuilding only when the generation moved). Wins over `toolset`. A
   * rejection ends the run with stopReason `error`.
   */
  buildTools?: (context: ToolsetContext) => AgentToolset | Promise<AgentToolset>;
  /** The transcript so far (provider-native, as a previous run returned it). */
  messages?: readonly Message[];
  /** Appended as a user turn after `messages`. */
  prompt?: string;
  system?: string;
  /** Per request; the adapter's default when absent. */
  maxTokens?: number;
  /** Model requests at most. Default 20. */
  maxTurns?: number;
  budget?: TokenBudget;
  /** Cancels the in-flight model call or tool calls; the calls are still answered. */
  signal?: AbortSignal;
  approval?: ApprovalPolicy;
  /** Per tool call; default each server's configured `timeoutMs`. */
  timeoutMs?: number;
  /** Longest tool result before truncation (dispatch's default when absent). */
  maxResultTokens?: number;
  onEvent?: AgentEventListener;
  /**
   * Stream every model answer: `text-delta`, `reasoning-delta` and `tool-input-*` events reach `onEvent` as the
   * provider sends them. Tool calls still run once the response is complete. Default false.
   */
  stream?: boolean;
}

/** One answered call, for reports. */
export interface AgentToolCall {
  turn: number;
  callId: string;
  name: string;
  server?: string;
  tool?: string;
  outcome: ToolOutcome;
  durationMs: number;
}

/** How a `runAgent` run ended: why it stopped, the final text and transcript, and every tool call it answered. */
export interface AgentResult<Message = unknown, Response = unknown> {
  /** Valid to send again: every call in it is answered. */
  transcript: Message[];
  /** Text of the last response. */
  text: string;
  /** Model requests made. */
  turns: number;
  /** Totals over every response. */
  usage: TokenUsage;
  stopReason: StopReason;
  /** Why, in words, when the run did not end with `done`. */
  detail?: string;
  /** The last response's finish reason. */
  finishReason?: FinishReason;
  lastResponse?: Response;
  toolCalls: AgentToolCall[];
  /** The failure, when `stopReason` is `error`. */
  error?: unknown;
}

/**
 * Runs the tool loop: sends the conversation to the model, answers every tool call the response makes through
 * the host (stale, unknown and malformed calls included, so no call is left unanswered), appends the answers and
 * repeats until the model stops calling tools, a turn or token budget runs out, or `signal` aborts.
 *
 * @example
 * ```ts
 * const adapter = anthropicAdapter({ model: "claude-opus-4-8" });
 * const result = await runAgent({
 *   adapter,
 *   host,
 *   buildTools: liveToolset({ catalog: host.catalog, target: adapter.target, config }),
 *   prompt: "What changed in the tickets today?",
 * });
 * console.log(result.stopReason, result.text);
 * ```
 */
export async function runAgent<Message, Response>(
  options: RunAgentOptions<Message, Response>,
): Promise<AgentResult<Message, Response>> {
  const { adapter, signal } = options;
  const maxTurns = options.maxTurns ?? DEFAULT_MAX_TURNS;
  if (!Number.isInteger(maxTurns) || maxTurns < 1) {
    throw new SwitchboardError("USAGE", `maxTurns must be a positive integer, got ${maxTurns}`);
  }
  if (options.toolset === undefined && options.buildTools === undefined) {
    throw new SwitchboardError("USAGE", "runAgent needs a toolset or a buildTools function");
  }
  const emit = safeEmitter(options.onEvent);
  let transcript: Message[] = [...(options.messages ?? [])];
  if (options.prompt !== undefined) transcript.push(adapter.userMessage(options.prompt));
  let usage: TokenUsage = { ...ZERO_USAGE };
  const toolCalls: AgentToolCall[] = [];
  let toolset: AgentToolset | undefined;
  // The names of this run's requests, for toolsets that do not remember their own (see `withHistory`).
  const conversation = new NameHistory();
  let last: ModelResponse<Response> | undefined;
  let turn = 0;

  const finish = (stopReason: StopReason, extra: { detail?: string; error?: unknown } = {}) => {
    emit({
      type: "stop",
      turn,
      reason: stopReason,
      ...(extra.detail === undefined ? {} : { detail: extra.detail }),
    });
    return {
      transcript,
      text: last?.text ?? "",
      turns: turn,
      usage,
      stopReason,
      ...extra,
      ...(last === undefined ? {} : { finishReason: last.finishReason, lastResponse: last.response }),
      toolCalls,
    };
  };

  while (true) {
    if (signal?.aborted) return finish("aborted", { detail: abortDetail(signal) });
    if (turn >= maxTurns) return finish("max-turns", { detail: `reached maxTurns ${maxTurns}` });
    turn += 1;

    let next: AgentToolset;
    try {
      next = await nextToolset(options, turn, toolset);
    } catch (error) {
      return finish("error", { detail: errorText(error), error });
    }
    if (next.target.wire !== adapter.wire) {
      throw new SwitchboardError(
        "USAGE",
        `the toolset is built for ${next.target.wire} but the adapter speaks ${adapter.wire}; build it for "${adapter.target}"`,
      );
    }
    if (next.hash !== toolset?.hash) reportToolset(next, turn, emit);
    toolset = next;
    const offered = withHistory(next, conversation);
    /** The transcript with every call answered (`stopBefore`: answered "not run" without touching a server). */
    const answerCalls = async (calls: ToolCall[], stopBefore: boolean): Promise<Message[]> => {
      const results = await dispatchToolCalls(calls, dispatchContext(options, offered, stopBefore), {
        onStart: (call) => emit(startEvent(turn, call, offered)),
        onEnd: (call, result) => {
          toolCalls.push(record(turn, call, result, offered));
          emit(endEvent(turn, call, result, offered));
        },
      });
      const converted = adapter.convertToolResults(calls, results);
      for (const warning of converted.warnings)
        emit({ type: "warning", turn, source: "tool-results", warning });
      return adapter.appendToolResults(transcript, converted.append);
    };

    emit({
      type: "request",
      turn,
      messages: transcript.length,
      tools: toolset.tools.length,
      toolsetHash: toolset.hash,
      ...(toolset.generation === undefined ? {} : { generation: toolset.generation }),
    });
    const started = performance.now();
    let response: ModelResponse<Response>;
    try {
      response = await adapter.generate({
        messages: transcript,
        tools: toolset.tools,
        ...(options.system === undefined ? {} : { system: options.system }),
        ...(options.maxTokens === undefined ? {} : { maxTokens: options.maxTokens }),
        ...(signal === undefined ? {} : { signal }),
        ...(options.stream === true ? { onStream: streamListener(turn, emit) } : {}),
      });
    } catch (error) {
      // Without a replayable part the transcript is as it was before the request: still valid.
      if (error instanceof StreamInterruptedError) {
        const interrupted = error.interrupted as InterruptedStream<Response>;
        if (interrupted.partial !== undefined) {
          usage = addUsage(usage, interrupted.partial.usage);
          emit({ type: "usage", turn, usage: interrupted.partial.usage, totals: usage });
          transcript = adapter.appendAssistant(transcript, interrupted.partial.response);
          transcript = await answerCalls(interrupted.partial.toolCalls, true);
        }
        const outcome: ToolOutcome = signal?.aborted ? "aborted" : "malformed-call";
        for (const call of interrupted.unfinished) emit(cutOffEvent(turn, call, outcome, offered));
      }
      if (signal?.aborted) return finish("aborted", { detail: abortDetail(signal) });
      const cause =
        error instanceof StreamInterruptedError && error.cause !== undefined ? error.cause : error;
      return finish("error", { detail: describeModelError(cause), error });
    }
    last = response;
    emit({
      type: "response",
      turn,
      finishReason: response.finishReason,
      ...(response.rawFinishReason === undefined ? {} : { rawFinishReason: response.rawFinishReason }),
      text: response.text,
      toolCallCount: response.toolCallCount,
      durationMs: performance.now() - started,
    });
    for (const warning of response.warnings) emit({ type: "warning", turn, source: "model", warning });
    usage = addUsage(usage, response.usage);
    emit({ type: "usage", turn, usage: response.usage, totals: usage });
    transcript = adapter.appendAssistant(transcript, response.response);

    if (response.toolCalls.length === 0) {
      // A paused turn (Anthropic pause_turn) is finished by sending the conversation again; it counts as a turn.
      if (response.resume === true) {
        const spent = budgetExceeded(options.budget, {
          usage,
          turns: turn,
          provider: adapter.provider,
          model: adapter.model,
        });
        if (spent !== undefined) return finish("budget", { detail: spent });
        continue;
      }
      if (response.finishReason === "error") {
        const detail = response.warnings.map((warning) => warning.message).join("; ") || "the model failed";
        return finish("error", { detail, error: new Error(detail) });
      }
      return finish("done");
    }

    // Decide before running anything: calls that will not run are still answered, so the transcript stays valid.
    const spent = budgetExceeded(options.budget, {
      usage,
      turns: turn,
      provider: adapter.provider,
      model: adapter.model,
    });
    const lastTurn = turn >= maxTurns;
    transcript = await answerCalls(response.toolCalls, spent !== undefined || lastTurn);

    if (spent !== undefined) return finish("budget", { detail: spent });
    if (signal?.aborted) return finish("aborted", { detail: abortDetail(signal) });
    if (lastTurn) return finish("max-turns", { detail: `reached maxTurns ${maxTurns}` });
  }
}

/**
 * The toolset as dispatch sees it: with the names of every earlier request of the conversation, so a call to a
 * tool an earlier turn offered is answered "no longer available" rather than "unknown". A toolset that keeps its
 * own history (`liveToolset`, tool search) already has it; any other gets the run's.
 */
function withHistory(toolset: AgentToolset, conversation: NameHistory): AgentToolset {
  if (toolset.history !== undefined) return toolset;
  conversation.record(toolset.names, toolset.generation);
  return { ...toolset, history: conversation };
}

function nextToolset<M, R>(
  options: RunAgentOptions<M, R>,
  turn: number,
  previous: AgentToolset | undefined,
): AgentToolset | Promise<AgentToolset> {
  if (options.buildTools !== undefined) {
    return options.buildTools({ turn, ...(previous === undefined ? {} : { previous }) });
  }
  return options.toolset as AgentToolset;
}

/** Tells about what the new tools array lost: array-level warnings and every quarantined tool. */
function reportToolset(toolset: AgentToolset, turn: number, emit: (event: AgentEvent) => void): void {
  for (const warning of toolset.warnings) emit({ type: "warning", turn, source: "toolset", warning });
  for (const entry of toolset.entries) {
    if (entry.status !== "quarantined") continue;
    emit({
      type: "warning",
      turn,
      source: "toolset",
      warning: {
        code: "tool-quarantined",
        path: "",
        message: `${entry.server}/${entry.tool} is not offered: ${entry.reason ?? "its schema could not be repaired"}`,
      },
    });
  }
}

function dispatchContext<M, R>(
  options: RunAgentOptions<M, R>,
  toolset: AgentToolset,
  stopBefore: boolean,
): DispatchContext {
  // An aborted signal makes dispatch answer every call "not run" without touching a server.
  const signal = stopBefore ? AbortSignal.abort() : options.signal;
  return {
    toolset,
    host: options.host,
    ...(signal === undefined ? {} : { signal }),
    ...(options.approval === undefined ? {} : { approval: options.approval }),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.maxResultTokens === undefined ? {} : { maxResultTokens: options.maxResultTokens }),
  };
}

function startEvent(turn: number, call: ToolCall, toolset: AgentToolset): AgentEvent {
  const ref = where(call, undefined, toolset);
  return {
    type: "tool-call-start",
    turn,
    callId: call.id,
    name: call.name,
    ...ref,
    arguments: call.arguments,
  };
}

function endEvent(turn: number, call: ToolCall, result: ToolResult, toolset: AgentToolset): AgentEvent {
  return {
    type: "tool-call-end",
    turn,
    callId: call.id,
    name: call.name,
    ...where(call, result, toolset),
    outcome: result.outcome,
    isError: result.isError,
    durationMs: result.durationMs,
  };
}

/**
 * Closes a call the stream cut off before its arguments were complete: it never ran and is not in the transcript
 * (the partial response leaves it out), so nothing answers it there; listeners that saw it start see it end.
 */
function cutOffEvent(
  turn: number,
  call: { callId: string; name: string },
  outcome: ToolOutcome,
  toolset: AgentToolset,
): AgentEvent {
  const ref = toolset.names.resolve(call.name);
  return {
    type: "tool-call-end",
    turn,
    callId: call.callId,
    name: call.name,
    ...(ref === undefined ? {} : { server: ref.server, tool: ref.tool }),
    outcome,
    isError: true,
    durationMs: 0,
  };
}

function record(turn: number, call: ToolCall, result: ToolResult, toolset: AgentToolset): AgentToolCall {
  return {
    turn,
    callId: call.id,
    name: call.name,
    ...where(call, result, toolset),
    outcome: result.outcome,
    durationMs: result.durationMs,
  };
}

/**
 * The (server, tool) a call is about: what dispatch resolved, else the toolset's table (a call answered without
 * running, such as one stopped by an abort, is still about a known tool). Nothing for an unknown name.
 */
function where(
  call: ToolCall,
  result: ToolResult | undefined,
  toolset: AgentToolset,
): { server?: string; tool?: string } {
  if (result?.server !== undefined && result.tool !== undefined)
    return { server: result.server, tool: result.tool };
  const ref = toolset.names.resolve(call.name);
  return ref === undefined ? {} : { server: ref.server, tool: ref.tool };
}

function safeEmitter(listener: AgentEventListener | undefined): (event: AgentEvent) => void {
  if (listener === undefined) return () => {};
  return (event) => {
    try {
      listener(event);
    } catch {
      // A listener's bug must not leave calls unanswered.
    }
  };
}

function abortDetail(signal: AbortSignal): string {
  const reason: unknown = signal.reason;
  return reason instanceof Error && reason.name !== "AbortError" ? reason.message : "aborted";
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
