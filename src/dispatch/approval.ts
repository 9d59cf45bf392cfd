/**
 * Whether a call may run: per-tool rules (globs over the emitted name or `server__tool`), then a default that
 * reads the tool's annotations, then, for `ask`, a hook the application supplies. Nobody to ask means no.
 */
import { createRequire } from "node:module";
import type Picomatch from "picomatch";
import type { ToolAnnotations } from "../spec/tool.js";

const load = createRequire(import.meta.url);
let picomatchModule: typeof Picomatch | undefined;

/** picomatch, required at the first glob compiled rather than at import (it is CommonJS: same instance). */
function picomatch(): typeof Picomatch {
  picomatchModule ??= load("picomatch") as typeof Picomatch;
  return picomatchModule;
}

/** What an approval rule says of a call: run it, refuse it, or ask a person. */
export type ApprovalRule = "allow" | "deny" | "ask";

/** The call a person is asked about: server, tool, emitted name, arguments and annotations. */
export interface ApprovalRequest {
  server: string;
  /** The tool's name on its server. */
  tool: string;
  /** The name the model called. */
  name: string;
  arguments: Record<string, unknown>;
  /** The server's hints (untrusted). */
  annotations?: ToolAnnotations;
}

/** A person's answer to an approval request; a deny may carry the reason the model is told. */
export type ApprovalAnswer = "allow" | "deny" | { deny: string };

/** Asked before a call that the approval policy says needs a person; resolves to allow or deny it. */
export type ApprovalHook = (
  request: ApprovalRequest,
  options: { signal?: AbortSignal },
) => ApprovalAnswer | Promise<ApprovalAnswer>;

/** Which tool calls run, which are refused and which wait for `ApprovalHook`, by glob over the tool names. */
export interface ApprovalPolicy {
  /**
   * Glob → rule, matched against the emitted name and against `server__tool` (always with `__`, whatever the
   * naming separator). When several match, the strictest wins: deny, then ask, then allow.
   */
  rules?: Readonly<Record<string, ApprovalRule>>;
  /**
   * The rule for tools no glob matches. `destructive` (the default) asks for every tool that is not marked
   * `readOnlyHint: true` and is not marked `destructiveHint: false` (MCP's defaults assume a tool may destroy).
   */
  requireApprovalFor?: "destructive" | "all" | "none";
  /** Asked for `ask` calls, one at a time in call order. Absent: `ask` means deny. */
  ask?: ApprovalHook;
}

/** The approval policy's verdict on a call and why. */
export interface ApprovalDecision {
  rule: ApprovalRule;
  /** Why, for the message a denied call is answered with. */
  because: string;
}

const STRICTNESS: Record<ApprovalRule, number> = { allow: 0, ask: 1, deny: 2 };
type Compiled = { glob: string; rule: ApprovalRule; test: (name: string) => boolean }[];
const compiledRules = new WeakMap<object, Compiled>();

function compile(rules: Readonly<Record<string, ApprovalRule>>): Compiled {
  let compiled = compiledRules.get(rules);
  if (compiled === undefined) {
    compiled = Object.entries(rules).map(([glob, rule]) => ({
      glob,
      rule,
      test: picomatch()(glob, { dot: true }),
    }));
    compiledRules.set(rules, compiled);
  }
  return compiled;
}

/** The rule for one call before anyone is asked. Pure. */
export function decideApproval(
  policy: ApprovalPolicy,
  target: { server: string; tool: string; name: string; annotations?: ToolAnnotations },
): ApprovalDecision {
  const qualified = `${target.server}__${target.tool}`;
  let best: { glob: string; rule: ApprovalRule } | undefined;
  for (const entry of compile(policy.rules ?? {})) {
    if (!entry.test(target.name) && !entry.test(qualified)) continue;
    if (best === undefined || STRICTNESS[entry.rule] > STRICTNESS[best.rule]) best = entry;
  }
  if (best !== undefined) return { rule: best.rule, because: `approval rule "${best.glob}": ${best.rule}` };
  const mode = policy.requireApprovalFor ?? "destructive";
  if (mode === "none") return { rule: "allow", because: "no approval required" };
  if (mode === "all") return { rule: "ask", because: "every tool call needs approval" };
  const hints = target.annotations ?? {};
  if (hints.readOnlyHint === true) return { rule: "allow", because: "the tool is marked read-only" };
  if (hints.destructiveHint === false)
    return { rule: "allow", because: "the tool is marked non-destructive" };
  const why =
    hints.destructiveHint === true
      ? "the tool is marked destructive"
      : "the tool is not marked read-only or non-destructive";
  return { rule: "ask", because: `approval required (${why})` };
}

/** Asks the hook (or denies when there is none). A hook that throws is a denial naming the failure. */
export async function askApproval(
  policy: ApprovalPolicy,
  request: ApprovalRequest,
  decision: ApprovalDecision,
  signal?: AbortSignal,
): Promise<{ allowed: true } | { allowed: false; reason: string }> {
  if (policy.ask === undefined) {
    return {
      allowed: false,
      reason: `${decision.because}, and nobody can be asked (no approval hook is configured)`,
    };
  }
  let answer: ApprovalAnswer;
  try {
    answer = await policy.ask(request, signal === undefined ? {} : { signal });
  } catch (error) {
    return {
      allowed: false,
      reason: `the approval hook failed: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  if (answer === "allow") return { allowed: true };
  if (answer === "deny") return { allowed: false, reason: "the user declined it" };
  if (typeof answer === "object" && answer !== null && typeof answer.deny === "string") {
    return { allowed: false, reason: answer.deny === "" ? "the user declined it" : answer.deny };
  }
  return {
    allowed: false,
    reason: `the approval hook gave an unrecognised answer (${JSON.stringify(answer)})`,
  };
}
