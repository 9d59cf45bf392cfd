/**
 * What the three framework adapters share: the tools of a switchboard toolset as (name, description, JSON
 * Schema) triples, each with a call function that answers through switchboard's one dispatch path. A framework
 * runs one tool at a time, so each call is dispatched as a one-call response; the toolset the adapter was built
 * from stays the request's toolset, so a tool that left the catalogue since then is answered as stale.
 */
import type { CatalogSnapshot } from "../catalog/types.js";
import { dispatchToolCalls } from "../dispatch/dispatch-tool-calls.js";
import type { DispatchContext, DispatchHost } from "../dispatch/types.js";
import { SwitchboardError } from "../errors.js";
import type { JsonObject } from "../spec/json.js";
import type { ToolCall, ToolContent, ToolResult } from "../spec/tool-call.js";
import { buildToolset, type Toolset } from "../toolset/build-toolset.js";

/** The host the calls go to (`Host` from `connectHost` satisfies it). */
export type InteropHost = DispatchHost;

/** What every adapter takes besides the framework's own factory. */
export interface InteropOptions extends Omit<DispatchContext, "toolset" | "host"> {
  host: InteropHost;
  /**
   * The tools to hand over, as built for a target whose tools carry plain JSON Schema: `openai-chat` (the
   * default, built from the host's catalogue as it is now), `openai-strict`, `openai-responses`, `anthropic`,
   * `anthropic-strict` or `mcp`. Its names are the provider-facing names: prefixed and collision-free.
   */
  toolset?: Toolset;
  /**
   * Before each call, wait for a re-list already under way (a `list_changed` that arrived during the last calls)
   * when the host's catalogue can say (`Catalog.settled`), so a tool removed since is answered as stale rather
   * than sent to a server that no longer has it. Default true; it costs nothing when no re-list is pending.
   */
  settle?: boolean;
  /** Told every answer, errors included (for a ledger, a cost meter, a log). A listener that throws is ignored. */
  onResult?(result: ToolResult): void;
}

/** One tool ready for a framework. */
export interface InteropTool {
  /** The provider-facing name: the name the model calls. */
  name: string;
  description: string;
  /** The schema as switchboard repaired it for the toolset's target. */
  parameters: JsonObject;
  /** The toolset sent it with `strict: true`. */
  strict: boolean;
  /** Answers one call the switchboard way; never rejects. `args` may be a raw JSON string. */
  call(args: unknown, options?: { callId?: string; signal?: AbortSignal }): Promise<ToolResult>;
}

const EMPTY_SCHEMA: JsonObject = { type: "object", properties: {} };

/** The toolset's tools, each with its switchboard call. */
export function interopTools(options: InteropOptions): InteropTool[] {
  const { host, toolset: given, onResult, settle = true, ...rest } = options;
  const settled = (host.catalog as { settled?: () => Promise<void> }).settled;
  const toolset = given ?? currentToolset(host);
  let counter = 0;
  return toolset.tools.map((wire) => {
    const tool = readWireTool(wire, toolset.target.wire);
    return {
      ...tool,
      call: async (args, callOptions = {}) => {
        counter += 1;
        const call = toolCall(tool.name, args, callOptions.callId ?? `switchboard-interop-${counter}`);
        const signal = callOptions.signal ?? rest.signal;
        const context: DispatchContext = {
          ...rest,
          toolset,
          host,
          ...(signal === undefined ? {} : { signal }),
        };
        if (settle && settled !== undefined) await settled.call(host.catalog);
        const [result] = await dispatchToolCalls([call], context);
        const answer = result as ToolResult;
        try {
          onResult?.(answer);
        } catch {
          // An observer's bug must not lose the answer.
        }
        return answer;
      },
    };
  });
}

/**
 * The text a framework that takes only text hands the model: text parts joined, anything else described. An
 * error is marked in the text, as switchboard's own OpenAI mapping does (`Tool error:` when the tool reported
 * failure, `Error (<kind>):` when switchboard could not run it), since these frameworks carry no error flag.
 */
export function resultText(result: Pick<ToolResult, "content" | "outcome" | "isError">): string {
  const text = result.content.map(partText).join("\n");
  if (!result.isError) return text;
  return result.outcome === "tool-error" ? `Tool error: ${text}` : `Error (${result.outcome}): ${text}`;
}

function partText(part: ToolContent): string {
  if (part.type === "text") return part.text;
  if (part.type === "resource" && "text" in part) return part.text;
  if (part.type === "image" || part.type === "audio") return `[${part.type} ${part.mimeType}]`;
  return JSON.stringify(part);
}

function currentToolset(host: InteropHost): Toolset {
  const snapshot: CatalogSnapshot | undefined = host.catalog.snapshot();
  if (snapshot === undefined)
    throw new SwitchboardError("USAGE", "The host's catalogue has no snapshot to build tools from");
  return buildToolset(snapshot.tools, "openai-chat", { generation: snapshot.generation });
}

function toolCall(name: string, args: unknown, id: string): ToolCall {
  if (typeof args !== "string") return { id, name, arguments: args ?? {} };
  // A framework that hands over the raw arguments (OpenAI Agents does) leaves parsing to switchboard.
  if (args.trim() === "") return { id, name, arguments: {} };
  try {
    return { id, name, arguments: JSON.parse(args) as unknown };
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return { id, name, arguments: args, argumentsError: `the arguments are not valid JSON (${why})` };
  }
}

/** (name, description, schema, strict) from one tool of the array, per wire shape. */
function readWireTool(wire: unknown, shape: string): Omit<InteropTool, "call"> {
  const tool = record(wire);
  const fn = shape === "openai-chat" ? record(tool.function) : tool;
  const schema =
    shape === "openai-chat" || shape === "openai-responses"
      ? fn.parameters
      : shape === "anthropic"
        ? fn.input_schema
        : shape === "mcp"
          ? fn.inputSchema
          : undefined;
  if (typeof fn.name !== "string" || (schema !== undefined && !isObject(schema)) || !KNOWN.has(shape)) {
    throw new SwitchboardError(
      "USAGE",
      `The interop adapters take a toolset built for openai-chat, openai-strict, openai-responses, anthropic, anthropic-strict or mcp (plain JSON Schema per function tool); this one is for the "${shape}" wire or holds a tool that is not a function`,
    );
  }
  return {
    name: fn.name,
    description: typeof fn.description === "string" ? fn.description : "",
    // A copy: the toolset's schemas are frozen, and frameworks annotate the schemas they are given.
    parameters: structuredClone(isObject(schema) ? (schema as JsonObject) : EMPTY_SCHEMA),
    strict: fn.strict === true,
  };
}

const KNOWN = new Set(["openai-chat", "openai-responses", "anthropic", "mcp"]);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function record(value: unknown): Record<string, unknown> {
  return isObject(value) ? value : {};
}
