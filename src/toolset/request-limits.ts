import { defaultModelFor } from "../cost/default-models.js";
import { estimateToolsetTokens, familyOfWire } from "../cost/estimate-tokens.js";
import { contextWindows, requestLimits } from "../providers/validation/rules-data.js";
import type { TranslationWarning } from "../spec/warning.js";
import type { Toolset } from "./build-toolset.js";

/**
 * A request-level limit the tools array meets. `blocking`: the provider rejects the request (more tools than it
 * accepts, definitions larger than the context window); otherwise the request is sendable and the warning says
 * what it costs (definitions above `requestLimits.warnShare` of the window).
 */
export interface RequestLimitWarning extends TranslationWarning {
  code: "too-many-tools" | "context-window-exceeded" | "context-share";
  blocking: boolean;
}

/** What the array weighs against the target's request limits. */
export interface RequestLimitReport {
  /** Emitted tools. */
  tools: number;
  /** The provider's cap on tools per request, when it has one. */
  maxTools?: number;
  /** The model the window and token estimate are for; absent for a target with no model (MCP). */
  model?: string;
  /** Estimated input tokens of the definitions (an integer). */
  tokens: number;
  contextWindow?: number;
  /** `tokens / contextWindow`, rounded to 4 decimals. */
  share?: number;
  /** False when a blocking limit is met: the provider would reject the request. */
  sendable: boolean;
  warnings: RequestLimitWarning[];
}

/**
 * Weighs a built array against the provider's request-level limits (dated data in the rules): tools per request
 * and the definitions' estimated tokens against the model's context window. Pure and linear in the array.
 */
export function checkRequestLimits(toolset: Toolset, options: { model?: string } = {}): RequestLimitReport {
  const family = familyOfWire(toolset.target.wire);
  const model = options.model ?? defaultModelFor(family);
  const tools = toolset.entries.filter((entry) => entry.status === "ok").length;
  const warnings: RequestLimitWarning[] = [];
  const label = toolset.target.profile.label;
  const cap = toolset.target.profile.maxTools;
  if (cap !== undefined && tools > cap.count) {
    warnings.push({
      code: "too-many-tools",
      path: "",
      blocking: true,
      message: `${tools} tools exceed ${label}'s limit of ${cap.count} per request (${cap.source}, checked ${cap.checkedOn}); the provider rejects this request`,
    });
  }
  if (model === undefined) {
    return {
      tools,
      ...(cap === undefined ? {} : { maxTools: cap.count }),
      tokens: 0,
      sendable: sendable(warnings),
      warnings,
    };
  }
  const tokens = Math.round(estimateToolsetTokens(toolset, { model }).total);
  const window = contextWindowOf(model, family);
  const share = window === undefined ? undefined : tokens / window;
  if (window !== undefined && share !== undefined) {
    const percent = `${Math.round(share * 100)}%`;
    if (tokens > window) {
      warnings.push({
        code: "context-window-exceeded",
        path: "",
        blocking: true,
        message: `the tool definitions (~${tokens} tokens, estimated) exceed ${model}'s context window of ${window} tokens (${contextWindows.source}, checked ${contextWindows.checkedOn})`,
      });
    } else if (share > requestLimits.warnShare) {
      warnings.push({
        code: "context-share",
        path: "",
        blocking: false,
        message: `the tool definitions (~${tokens} tokens, estimated) take ${percent} of ${model}'s ${window}-token context window (warned above ${requestLimits.warnShare * 100}%); little is left for the conversation`,
      });
    }
  }
  return {
    tools,
    ...(cap === undefined ? {} : { maxTools: cap.count }),
    model,
    tokens,
    ...(window === undefined ? {} : { contextWindow: window }),
    ...(share === undefined ? {} : { share: Math.round(share * 10_000) / 10_000 }),
    sendable: sendable(warnings),
    warnings,
  };
}

/** The model's context window from the dated table: longest matching prefix, else its family's. */
export function contextWindowOf(model: string, family: string): number | undefined {
  let best: readonly [string, number] | undefined;
  for (const entry of contextWindows.byPrefix) {
    if (model.startsWith(entry[0]) && (best === undefined || entry[0].length > best[0].length)) best = entry;
  }
  return (
    best?.[1] ??
    (Object.hasOwn(contextWindows.byFamily, family) ? contextWindows.byFamily[family] : undefined)
  );
}

function sendable(warnings: readonly RequestLimitWarning[]): boolean {
  return !warnings.some((warning) => warning.blocking);
}
