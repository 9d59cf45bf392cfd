/**
 * A user's own function tool, defined beside MCP tools: a name, a JSON Schema or a zod schema, and `execute`.
 * It joins the toolset under the reserved `local` label (never a fake server), so naming, repair, cost and
 * dispatch treat it like any catalogue tool; dispatch runs `execute` where it would call a server.
 */
import type { z } from "zod";
import { configZod } from "../config/config-zod.js";
import { LOCAL_TOOLS_SERVER } from "../config/reserved-server-name.js";
import { SwitchboardError } from "../errors.js";
import type { JsonObject } from "../spec/json.js";
import type { McpTool, ServerTool, ToolAnnotations } from "../spec/tool.js";
import { jsonArgumentChecker } from "./check-json-arguments.js";

/** What `execute` is told besides its arguments. */
export interface LocalToolContext {
  /** Fires when the turn is aborted or the call's time limit passes; stop work then. */
  signal: AbortSignal;
  /** The provider's id for this call. */
  callId: string;
}

/**
 * What `execute` may return: a string (one text part), MCP-style content (`{ content: [...], isError?,
 * structuredContent? }`), or any other JSON value (sent as JSON text; an object is also `structuredContent`).
 */
export type LocalToolReturn = unknown;

interface CommonDefinition {
  /** The tool's own name; the model sees it under the `local` label (`local__<name>` with the default naming). */
  name: string;
  description?: string;
  title?: string;
  /** JSON Schema of the structured result, or a zod schema; sent where the provider takes one. */
  outputSchema?: JsonObject | z.ZodType;
  /** Read by approval rules (`requireApprovalFor: "destructive"`), as an MCP tool's are. */
  annotations?: ToolAnnotations;
  /** Per-call limit; default the dispatch context's `timeoutMs`, else 60,000 ms. */
  timeoutMs?: number;
}

/** A local tool whose arguments are described by a JSON Schema (checked before `execute` runs). */
export interface JsonSchemaToolDefinition extends CommonDefinition {
  inputSchema: JsonObject;
  schema?: never;
  execute(
    args: Record<string, unknown>,
    context: LocalToolContext,
  ): LocalToolReturn | Promise<LocalToolReturn>;
}

/** A local tool whose arguments are a zod object schema: parsed (defaults, transforms) before `execute` runs. */
export interface ZodToolDefinition<S extends z.ZodType> extends CommonDefinition {
  schema: S;
  inputSchema?: never;
  execute(args: z.output<S>, context: LocalToolContext): LocalToolReturn | Promise<LocalToolReturn>;
}

/** The arguments as `execute` will get them, or why they do not fit the schema (one line per problem). */
export type CheckedArguments = { ok: true; value: unknown } | { ok: false; problems: string[] };

/** A local tool, ready to put in `buildToolset(..., { localTools })` or `liveToolset({ localTools })`. */
export interface LocalTool {
  readonly kind: "local-tool";
  readonly name: string;
  /** Its MCP-shaped definition (JSON Schema input), as the catalogue holds tools. */
  readonly tool: McpTool;
  readonly timeoutMs?: number;
  /** Checks (and, for zod, parses) the model's arguments. */
  check(args: Record<string, unknown>): CheckedArguments;
  execute(args: unknown, context: LocalToolContext): LocalToolReturn | Promise<LocalToolReturn>;
}

/** Defines a local tool from a JSON Schema or a zod schema (`schema`). Throws `LOCAL_TOOL_INVALID` when unusable. */
export function localTool<S extends z.ZodType>(definition: ZodToolDefinition<S>): LocalTool;
/**
 * The JSON Schema form: `execute` gets the arguments once they fit `inputSchema`; a call that does not fit is
 * answered with the problems instead, so the model can correct it.
 *
 * @example
 * ```ts
 * const clock = localTool({
 *   name: "current_time",
 *   description: "The current time in a time zone",
 *   inputSchema: { type: "object", properties: { zone: { type: "string" } }, required: ["zone"] },
 *   execute: ({ zone }) => new Date().toLocaleString("en-GB", { timeZone: String(zone) }),
 * });
 * const buildTools = liveToolset({ catalog: host.catalog, target: adapter.target, localTools: [clock] });
 * ```
 */
export function localTool(definition: JsonSchemaToolDefinition): LocalTool;
export function localTool(definition: JsonSchemaToolDefinition | ZodToolDefinition<z.ZodType>): LocalTool {
  const { name } = definition;
  if (typeof name !== "string" || name === "") invalid("a local tool needs a non-empty string name");
  if (typeof definition.execute !== "function") invalid(`local tool "${name}" needs an execute function`);
  const zod = definition.schema;
  if (zod !== undefined && definition.inputSchema !== undefined)
    invalid(`local tool "${name}" gives both inputSchema and schema; give one`);
  const inputSchema = zod === undefined ? definition.inputSchema : fromZod(name, zod, "input");
  if (!isObject(inputSchema) || inputSchema.type !== "object")
    invalid(`local tool "${name}" needs an object input schema (type "object"), as MCP tools have`);
  if (
    definition.timeoutMs !== undefined &&
    !(Number.isFinite(definition.timeoutMs) && definition.timeoutMs > 0)
  )
    invalid(`local tool "${name}" has a timeoutMs that is not a positive number`);
  const output = definition.outputSchema;
  const tool: McpTool = {
    name,
    inputSchema,
    ...(definition.description === undefined ? {} : { description: definition.description }),
    ...(definition.title === undefined ? {} : { title: definition.title }),
    ...(output === undefined
      ? {}
      : { outputSchema: isZod(output) ? fromZod(name, output, "output") : output }),
    ...(definition.annotations === undefined ? {} : { annotations: { ...definition.annotations } }),
  };
  const check =
    zod === undefined
      ? jsonArgumentChecker(inputSchema)
      : (args: Record<string, unknown>) => parseZod(zod, args);
  const execute = definition.execute as LocalTool["execute"];
  return Object.freeze({
    kind: "local-tool" as const,
    name,
    tool,
    ...(definition.timeoutMs === undefined ? {} : { timeoutMs: definition.timeoutMs }),
    check,
    execute: (args: unknown, context: LocalToolContext) => execute(args, context),
  });
}

/** The catalogue entries of a list of local tools, under the reserved label; a repeated name is an error. */
export function localServerTools(tools: readonly LocalTool[]): ServerTool[] {
  const seen = new Set<string>();
  return tools.map((local) => {
    if (local?.kind !== "local-tool") invalid("localTools holds something that localTool() did not make");
    if (seen.has(local.name)) invalid(`two local tools are named "${local.name}"`);
    seen.add(local.name);
    return { server: LOCAL_TOOLS_SERVER, tool: local.tool };
  });
}

function fromZod(name: string, schema: z.ZodType, io: "input" | "output"): JsonObject {
  try {
    // The schema's own method (zod 4.2+): its zod instance converts it, and importing switchboard loads no zod.
    // A schema from an older zod 4 without the method goes through the package's own zod.
    const params = { io, unrepresentable: "any" } as const;
    const converted =
      typeof schema.toJSONSchema === "function"
        ? schema.toJSONSchema(params)
        : configZod().toJSONSchema(schema, params);
    const { $schema: _dialect, ...json } = converted as JsonObject;
    return json;
  } catch (error) {
    invalid(`local tool "${name}": its zod ${io} schema has no JSON Schema form`, error);
  }
}

function parseZod(schema: z.ZodType, args: Record<string, unknown>): CheckedArguments {
  const parsed = schema.safeParse(args);
  if (parsed.success) return { ok: true, value: parsed.data };
  const problems = parsed.error.issues.map((issue) => {
    const at = issue.path.length === 0 ? "arguments" : `arguments.${issue.path.map(String).join(".")}`;
    return `${at}: ${issue.message}`;
  });
  return { ok: false, problems: [...new Set(problems)].slice(0, 5) };
}

function isZod(value: unknown): value is z.ZodType {
  // Every zod 4 schema carries its internals under `_zod`; a JSON Schema never has that key.
  return typeof value === "object" && value !== null && "_zod" in value;
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function invalid(message: string, cause?: unknown): never {
  throw new SwitchboardError("LOCAL_TOOL_INVALID", message, cause === undefined ? undefined : { cause });
}

/** `tools` with the local tools joined under the reserved label, and the local tools by their own names. */
export function joinLocalTools(
  tools: readonly ServerTool[],
  locals: readonly LocalTool[],
): { tools: ServerTool[]; index: ReadonlyMap<string, LocalTool> } {
  const clash = tools.find((item) => item.server === LOCAL_TOOLS_SERVER);
  if (clash !== undefined) {
    invalid(
      `a server is named "${LOCAL_TOOLS_SERVER}" (it lists "${clash.tool.name}"), the label reserved for local tools; rename the server`,
    );
  }
  const joined = [...tools, ...localServerTools(locals)];
  return { tools: joined, index: new Map(locals.map((local) => [local.name, local])) };
}
