/**
 * Answers the calls of a search-mode request. `search_tools` is answered here, from the index; `call_tool` is
 * unwrapped into the direct call it stands for, checked against the real tool's schema, and then answered
 * exactly like a direct call (same unknown, stale, timeout, denial and tool-error answers, same approval queue);
 * a direct call to a found tool (dynamic mode, native mode, or a model that skips call_tool) is a direct call.
 */
import { aborted } from "../dispatch/describe-call-failure.js";
import { failedResult } from "../dispatch/error-result.js";
import type { DirectAnswer, DispatchContext, ToolsetResolution } from "../dispatch/types.js";
import { CALL_TOOL_NAME, SEARCH_TOOLS_NAME } from "../search/facade-tools.js";
import { compactSchema } from "../search/format-results.js";
import type { JsonObject } from "../spec/json.js";
import type { ToolCall, ToolErrorKind, ToolResult } from "../spec/tool-call.js";
import type { Toolset } from "../toolset/build-toolset.js";
import { argumentProblems } from "./validate-arguments.js";

export interface FacadeBackend {
  /** Runs a search and renders its answer for the model. */
  search(query: string, limit: number): string;
  /** The toolset whose name table a called name resolves in (the current one, or the one a search found it in). */
  toolsetFor(name: string): Toolset;
  /** The real input schema of the tool a name stands for, when it is in the current catalogue. */
  schemaOf(name: string): JsonObject | undefined;
}

export const DEFAULT_SEARCH_LIMIT = 5;
const MAX_SEARCH_LIMIT = 20;

/** The resolution every tool-search toolset carries, whatever its mode. */
export function facadeResolution(backend: FacadeBackend): ToolsetResolution {
  return {
    answer: async (call, context, direct) => {
      const started = performance.now();
      if (call.name === SEARCH_TOOLS_NAME) return answerSearch(call, context, backend, started);
      if (call.name === CALL_TOOL_NAME) return answerCallTool(call, context, direct, backend, started);
      return direct(call, backend.toolsetFor(call.name));
    },
  };
}

function answerSearch(
  call: ToolCall,
  context: DispatchContext,
  backend: FacadeBackend,
  started: number,
): ToolResult {
  const early = precheck(call, context);
  if (early !== undefined) return failure(call, early.outcome, early.message, started);
  const args = (call.arguments ?? {}) as Record<string, unknown>;
  const query = args.query;
  if (typeof query !== "string" || query.trim() === "") {
    return failure(
      call,
      "malformed-call",
      'search_tools was not run: "query" must be a non-empty string saying what you need to do, e.g. {"query": "send an email"}.',
      started,
    );
  }
  const limit = clampLimit(args.limit);
  return {
    callId: call.id,
    name: call.name,
    outcome: "ok",
    isError: false,
    content: [{ type: "text", text: backend.search(query, limit) }],
    durationMs: performance.now() - started,
  };
}

async function answerCallTool(
  call: ToolCall,
  context: DispatchContext,
  direct: DirectAnswer,
  backend: FacadeBackend,
  started: number,
): Promise<ToolResult> {
  const early = precheck(call, context);
  if (early !== undefined) return failure(call, early.outcome, early.message, started);
  const args = (call.arguments ?? {}) as Record<string, unknown>;
  const name = args.name;
  if (typeof name !== "string" || name === "") {
    return failure(
      call,
      "malformed-call",
      'call_tool was not run: "name" must be the exact name of a tool that search_tools returned, e.g. {"name": "github__create_issue", "arguments": {...}}.',
      started,
    );
  }
  const inner = args.arguments ?? {};
  if (typeof inner !== "object" || inner === null || Array.isArray(inner)) {
    return failure(
      call,
      "malformed-call",
      `call_tool was not run: "arguments" must be a JSON object with the parameters of "${name}", not ${Array.isArray(inner) ? "an array" : typeof inner}.`,
      started,
    );
  }
  const schema = backend.schemaOf(name);
  if (schema !== undefined) {
    const problems = argumentProblems(schema, inner as Record<string, unknown>);
    if (problems !== undefined) {
      const message =
        `call_tool was not run: the arguments do not fit the input schema of "${name}":\n- ${problems.join("\n- ")}\n` +
        `Its input schema: ${compactSchema(schema, 2_000)}\nFix the arguments and call again.`;
      return { ...failure(call, "malformed-call", message, started), ...refOf(backend, name) };
    }
  }
  const unwrapped: ToolCall = {
    id: call.id,
    name,
    arguments: inner,
    ...(call.syntheticId === true ? { syntheticId: true as const } : {}),
  };
  const result = await direct(unwrapped, backend.toolsetFor(name));
  // The model called call_tool: the answer is about that call, while server/tool name the real target.
  return { ...result, name: call.name };
}

/** What dispatch would refuse before looking at the name: a reused id, unusable arguments, a stopped turn. */
function precheck(
  call: ToolCall,
  context: DispatchContext,
): { outcome: ToolErrorKind; message: string } | undefined {
  if (call.duplicateId === true) {
    return {
      outcome: "malformed-call",
      message: `This call reuses the id ${call.id} of an earlier call in the same turn, so it was not run. Make it again with its own id if it is still needed.`,
    };
  }
  if (context.signal?.aborted) return aborted(call.name, false);
  if (call.argumentsError !== undefined) {
    return {
      outcome: "malformed-call",
      message: `The call to "${call.name}" was not run: its ${call.argumentsError}. Send the arguments as one JSON object.`,
    };
  }
  const args = call.arguments ?? {};
  if (typeof args !== "object" || args === null || Array.isArray(args)) {
    return {
      outcome: "malformed-call",
      message: `The call to "${call.name}" was not run: its arguments must be a JSON object.`,
    };
  }
  return undefined;
}

function clampLimit(value: unknown): number {
  if (typeof value !== "number" || !Number.isFinite(value)) return DEFAULT_SEARCH_LIMIT;
  return Math.min(MAX_SEARCH_LIMIT, Math.max(1, Math.floor(value)));
}

function refOf(backend: FacadeBackend, name: string): { server?: string; tool?: string } {
  const ref = backend.toolsetFor(name).names.resolve(name);
  return ref === undefined ? {} : { server: ref.server, tool: ref.tool };
}

function failure(call: ToolCall, outcome: ToolErrorKind, message: string, started: number): ToolResult {
  return failedResult(call, { outcome, message }, started);
}
