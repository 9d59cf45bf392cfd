/**
 * Watches one conversation's requests: which toolset each one carried, whether its bytes differ from the
 * previous request's (and which server and tool made them differ), whether the cacheable prefix reaches the
 * model's minimum, and the usage of every model call. Plug it between the loop and its tools:
 *
 * ```ts
 * const watch = observeConversation(liveToolset({ ... }), { model, onToolsChange, onCall });
 * await runAgent({ adapter, host, buildTools: watch.buildTools, onEvent: watch.onEvent });
 * ```
 *
 * One observer per conversation: `chat` keeps one across all its runs of the loop.
 */
import type { ToolsetLike } from "../cost/estimate-tokens.js";
import type { TokenUsage } from "../spec/model-adapter.js";
import type { TranslationWarning } from "../spec/warning.js";
import { cachePrefixWarning } from "./prefix-minimum.js";
import { diffToolsBytes, type ToolsBytesChange, type ToolsetBytes } from "./tools-diff.js";

/** What the observer needs of a toolset (a `Toolset` fits). */
export type ObservedToolset = ToolsetBytes & ToolsetLike;

/**
 * What the observer reads of a loop event (an `AgentEvent` fits): a `request` names the toolset it carried, a
 * `usage` what the call cost; every other event passes unread. Structural, so the observer does not depend on
 * the agent loop it observes.
 */
export interface ObservedEvent {
  readonly type: string;
  readonly turn: number;
  readonly toolsetHash?: string;
  readonly tools?: number;
  readonly usage?: TokenUsage;
}

/** What the conversation observer saw of one model call: its number, turn, toolset and usage. */
export interface CallObservation<T extends ObservedToolset = ObservedToolset> {
  /** 1-based number of the model call within the conversation (across runs of the loop). */
  call: number;
  /** The loop's own turn number. */
  turn: number;
  usage: TokenUsage;
  toolsHash: string;
  toolCount: number;
  /** The toolset the request carried; absent when it did not come through `buildTools`. */
  toolset?: T;
  time: Date;
}

/** A change of the tools array's bytes between two model calls (a cache miss), with the call it happened at. */
export interface ToolsChangeReport extends ToolsBytesChange {
  /** The call whose tools differ from the previous call's. */
  call: number;
}

/** What the conversation observer is made with: the model (for the cache minimum), the system prompt, and its listeners. */
export interface ConversationObserverOptions<T extends ObservedToolset> {
  /** The model id, for the minimum cacheable prefix. */
  model: string;
  system?: string;
  now?: () => Date;
  onToolsChange?: (change: ToolsChangeReport) => void;
  onWarning?: (warning: TranslationWarning) => void;
  onCall?: (call: CallObservation<T>) => void;
}

/** Wraps a `buildTools` and watches the loop's events, reporting tools-bytes changes and cache prefixes too short to cache. */
export interface ConversationObserver<Args extends unknown[], T extends ObservedToolset> {
  buildTools: (...args: Args) => Promise<T>;
  /** Pass every event of the loop (chain it with your own listener). */
  onEvent: (event: ObservedEvent) => void;
  /** Every change of the tools bytes so far. */
  readonly changes: readonly ToolsChangeReport[];
  /** Model calls observed so far. */
  readonly calls: number;
}

/**
 * Wraps a tools policy so every request of one conversation is watched: tools-array changes and their cause,
 * whether the cacheable prefix is long enough to cache, and each model call's usage (see the file comment).
 */
export function observeConversation<Args extends unknown[], T extends ObservedToolset>(
  build: (...args: Args) => T | Promise<T>,
  options: ConversationObserverOptions<T>,
): ConversationObserver<Args, T> {
  const now = options.now ?? (() => new Date());
  const built = new Map<string, T>();
  const warned = new Set<string>();
  const changes: ToolsChangeReport[] = [];
  let previous: T | undefined;
  let current: { hash: string; tools: number; toolset?: T } | undefined;
  let calls = 0;

  const onRequest = (hash: string, tools: number) => {
    const toolset = built.get(hash);
    // Only the toolset in flight can be needed again; forget the others.
    for (const key of built.keys()) if (key !== hash) built.delete(key);
    current = { hash, tools, ...(toolset === undefined ? {} : { toolset }) };
    if (toolset === undefined) return;
    if (previous !== undefined) {
      const change = diffToolsBytes(previous, toolset);
      if (change !== undefined) {
        const report = { ...change, call: calls + 1 };
        changes.push(report);
        options.onToolsChange?.(report);
      }
    }
    previous = toolset;
    if (!warned.has(toolset.hash)) {
      warned.add(toolset.hash);
      const warning = cachePrefixWarning(toolset, {
        model: options.model,
        ...(options.system === undefined ? {} : { system: options.system }),
      });
      if (warning !== undefined) options.onWarning?.(warning);
    }
  };

  return {
    async buildTools(...args) {
      const toolset = await build(...args);
      built.set(toolset.hash, toolset);
      return toolset;
    },
    onEvent(event) {
      if (event.type === "request" && event.toolsetHash !== undefined && event.tools !== undefined)
        onRequest(event.toolsetHash, event.tools);
      else if (event.type === "usage" && event.usage !== undefined && current !== undefined) {
        calls += 1;
        options.onCall?.({
          call: calls,
          turn: event.turn,
          usage: event.usage,
          toolsHash: current.hash,
          toolCount: current.tools,
          ...(current.toolset === undefined ? {} : { toolset: current.toolset }),
          time: now(),
        });
      }
    },
    get changes() {
      return changes;
    },
    get calls() {
      return calls;
    },
  };
}
