import type { Policy, RequestView, Script, ToolCallSpec, Turn } from "./types.js";

/** Thrown by a script that cannot answer; the emulator turns it into a 500 naming the problem. */
export class ScriptError extends Error {
  override name = "ScriptError";
}

/** Answers the n-th assistant turn of a conversation with `turns[n]`. */
export function scripted(turns: readonly (Turn | Policy)[]): Policy {
  return (view) => {
    const turn = turns[view.turnIndex];
    if (turn === undefined) {
      throw new ScriptError(
        `script has no turn ${view.turnIndex} (it has ${turns.length}); the request carries ${view.turnIndex} assistant turns`,
      );
    }
    return typeof turn === "function" ? turn(view) : turn;
  };
}

/**
 * Calls `toolName` with `args` once; when the request carries tool results, answers with their text (one result
 * per line, prefixed `error: ` when the result is an error), so a test can see exactly what came back.
 */
export function callThenAnswer(toolName: string, args: Record<string, unknown> = {}): Policy {
  return (view) => {
    if (view.toolResults.length === 0) return { toolCalls: [{ name: toolName, arguments: args }] };
    return {
      text: view.toolResults
        .map((result) => (result.isError ? `error: ${result.text}` : result.text))
        .join("\n"),
    };
  };
}

/** The turn a script gives for one request, checked against the tools the request offers. */
export function resolveTurn(script: Script, view: RequestView): Turn {
  const policy = typeof script === "function" ? script : scripted(script);
  const turn = policy(view);
  for (const call of turn.toolCalls ?? []) assertOffered(call, view);
  if (turn.text === undefined && (turn.toolCalls ?? []).length === 0) {
    throw new ScriptError("script returned a turn with neither text nor tool calls");
  }
  return turn;
}

function assertOffered(call: ToolCallSpec, view: RequestView): void {
  if (call.unoffered === true || view.tools.includes(call.name)) return;
  const offered = view.tools.length === 0 ? "none" : view.tools.join(", ");
  throw new ScriptError(
    `script called tool '${call.name}', which the request does not offer (offered: ${offered})`,
  );
}
