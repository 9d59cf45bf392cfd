/**
 * One call of a local tool, the way dispatch calls a server: check the arguments, run `execute` under the call's
 * time limit and the turn's abort signal, and hand back an MCP-shaped result. A throw is the tool's own error
 * (an `isError` result the model reads), never a crash; only bad arguments and a timeout are failures here.
 */
import { CONFIG_DEFAULTS } from "../config/normalise-config.js";
import type { LocalTool } from "./local-tool.js";
import { toCallResult } from "./to-call-result.js";

export interface LocalCallOptions {
  /** The name the model called (the emitted name). */
  name: string;
  callId: string;
  signal?: AbortSignal;
  /** Overrides the tool's own `timeoutMs`. */
  timeoutMs?: number;
}

/** An MCP `CallToolResult`-shaped answer, or why the call did not produce one. */
export type LocalRun =
  | { ok: true; result: { content: unknown[]; structuredContent?: unknown; isError?: boolean } }
  | { ok: false; outcome: "invalid-arguments" | "timeout"; message: string };

/** Longest error text taken from a throw, so a huge message cannot flood the model's context. */
const MAX_ERROR_CHARS = 2_000;

export async function runLocalTool(
  local: LocalTool,
  args: Record<string, unknown>,
  options: LocalCallOptions,
): Promise<LocalRun> {
  const where = `"${options.name}" (local tool "${local.name}")`;
  const checked = local.check(args);
  if (!checked.ok) {
    return {
      ok: false,
      outcome: "invalid-arguments",
      message: `The arguments for ${where} do not fit its input schema: ${checked.problems.join("; ")}. Fix them and try again.`,
    };
  }
  const limitMs = options.timeoutMs ?? local.timeoutMs ?? CONFIG_DEFAULTS.timeoutMs;
  const controller = new AbortController();
  const onAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener("abort", onAbort, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const TIMED_OUT = Symbol("timeout");
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => {
      controller.abort(new Error(`timed out after ${limitMs} ms`));
      resolve(TIMED_OUT);
    }, limitMs);
  });
  try {
    const running = Promise.resolve().then(() =>
      local.execute(checked.value, { signal: controller.signal, callId: options.callId }),
    );
    const value = await Promise.race([running, timeout]);
    if (value === TIMED_OUT) {
      running.catch(() => {});
      return {
        ok: false,
        outcome: "timeout",
        message: `The call to ${where} timed out after ${limitMs} ms and was cancelled. It may have partly run; retry only if that is safe, or ask for less work.`,
      };
    }
    return { ok: true, result: toCallResult(value) };
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    const shown = text.length <= MAX_ERROR_CHARS ? text : `${text.slice(0, MAX_ERROR_CHARS)}...`;
    return {
      ok: true,
      result: { isError: true, content: [{ type: "text", text: `The tool ${where} failed: ${shown}` }] },
    };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", onAbort);
  }
}
