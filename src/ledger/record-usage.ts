/**
 * From the loop's model calls to ledger rows. `ledgerRecorder` turns each observed call into a `UsageRecord`
 * (the tools-array estimate is computed once per distinct array); `recordConversation` wires an observer and a
 * recorder around a `buildTools` function for library users:
 *
 * ```ts
 * const ledger = openLedger(defaultLedgerPath(process.env), { create: true });
 * const record = recordConversation(liveToolset({ ... }), { ledger, provider: adapter.provider, model: adapter.model });
 * await runAgent({ adapter, host, buildTools: record.buildTools, onEvent: record.onEvent, prompt });
 * ```
 */
import { randomUUID } from "node:crypto";
import {
  type CallObservation,
  type ConversationObserver,
  type ConversationObserverOptions,
  type ObservedToolset,
  observeConversation,
} from "../cache/observe-conversation.js";
import { estimateToolsetTokens } from "../cost/estimate-tokens.js";
import type { UsageLedger } from "./usage-ledger.js";
import type { UsageRecord } from "./usage-record.js";

export interface RecorderOptions {
  provider: string;
  model: string;
  agent?: string;
  /** Default: a random UUID. One id per conversation. */
  conversation?: string;
  /**
   * Called once when an append fails (the ledger is then skipped for the rest of the conversation: a broken
   * ledger must not break the agent). Without it the error is thrown to the caller of the listener.
   */
  onError?: (error: unknown) => void;
}

/** The tools figures of one array, computed once per hash. */
interface ToolsFigures {
  tokens: number;
  servers: Record<string, number>;
}

export function ledgerRecorder(
  ledger: Pick<UsageLedger, "append">,
  options: RecorderOptions,
): { conversation: string; record: (call: CallObservation) => void } {
  const conversation = options.conversation ?? randomUUID();
  const figures = new Map<string, ToolsFigures>();
  let failed = false;
  const figuresOf = (toolset: ObservedToolset | undefined, hash: string): ToolsFigures => {
    const known = figures.get(hash);
    if (known !== undefined) return known;
    if (toolset === undefined) return { tokens: 0, servers: {} };
    const estimate = estimateToolsetTokens(toolset, { model: options.model });
    const servers: Record<string, number> = {};
    for (const server of estimate.servers) servers[server.server] = server.tools;
    const computed = { tokens: estimate.total, servers };
    figures.clear(); // arrays rarely come back within a conversation
    figures.set(hash, computed);
    return computed;
  };
  return {
    conversation,
    record(call) {
      if (failed) return;
      const tools = figuresOf(call.toolset, call.toolsHash);
      const row: UsageRecord = {
        time: call.time.toISOString(),
        conversation,
        call: call.call,
        provider: options.provider,
        model: options.model,
        ...(options.agent === undefined ? {} : { agent: options.agent }),
        inputTokens: call.usage.inputTokens,
        outputTokens: call.usage.outputTokens,
        cacheReadTokens: call.usage.cacheReadTokens,
        cacheWriteTokens: call.usage.cacheWriteTokens,
        toolsTokens: tools.tokens,
        toolCount: call.toolCount,
        toolsHash: call.toolsHash,
        servers: tools.servers,
      };
      try {
        ledger.append(row);
      } catch (error) {
        if (options.onError === undefined) throw error;
        failed = true;
        options.onError(error);
      }
    },
  };
}

export interface RecordConversationOptions<T extends ObservedToolset>
  extends RecorderOptions,
    Omit<ConversationObserverOptions<T>, "onCall" | "model"> {
  ledger: Pick<UsageLedger, "append">;
}

/** An observer whose every model call is appended to `ledger`. */
export function recordConversation<Args extends unknown[], T extends ObservedToolset>(
  build: (...args: Args) => T | Promise<T>,
  options: RecordConversationOptions<T>,
): ConversationObserver<Args, T> & { conversation: string } {
  const recorder = ledgerRecorder(options.ledger, options);
  const observer = observeConversation(build, {
    model: options.model,
    ...(options.system === undefined ? {} : { system: options.system }),
    ...(options.now === undefined ? {} : { now: options.now }),
    ...(options.onToolsChange === undefined ? {} : { onToolsChange: options.onToolsChange }),
    ...(options.onWarning === undefined ? {} : { onWarning: options.onWarning }),
    onCall: recorder.record,
  });
  return Object.assign(observer, { conversation: recorder.conversation });
}
