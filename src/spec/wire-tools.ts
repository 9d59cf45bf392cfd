/**
 * The tools array each target emits, as structural types. The provider SDKs are optional peers, so these name
 * none of them; each is written to be assignable to its SDK's request type (test/types/wire-tools.test.ts proves
 * it against the installed SDKs), so `tools: toolset.tools` needs no cast.
 */
import type { JsonObject, JsonValue } from "./json.js";
import type { ProviderId, TargetIdOf } from "./provider-id.js";
import type { ToolAnnotations } from "./tool.js";

/** A translated input schema: schema repair always leaves `type: "object"` at the root. */
export interface WireObjectSchema {
  type: "object";
  properties?: { [key: string]: JsonValue };
  required?: string[];
  [key: string]: JsonValue | undefined;
}

/** One Anthropic Messages custom tool (the SDK's `Tool`, a member of `ToolUnion`). */
export interface AnthropicToolParam {
  name: string;
  description?: string;
  input_schema: WireObjectSchema;
  strict?: true;
  /** Tool search (native mode): the definition is loaded only when the search finds it. */
  defer_loading?: boolean;
  /** On the last tool when the build asked for a cache breakpoint. */
  cache_control?: { type: "ephemeral"; ttl?: "5m" | "1h" };
}

/** One OpenAI Chat Completions function tool (the SDK's `ChatCompletionTool`). */
export interface OpenAIChatTool {
  type: "function";
  function: { name: string; description?: string; parameters: JsonObject; strict?: boolean };
}

/** One OpenAI Responses function tool (the SDK's `FunctionTool`); `strict` is always explicit. */
export interface OpenAIResponsesTool {
  type: "function";
  name: string;
  description?: string;
  parameters: JsonObject;
  strict: boolean;
}

/** One Gemini function declaration; the schema sits in the field the target names. */
export interface GeminiFunctionDeclarationWire {
  name: string;
  description?: string;
  parameters?: JsonObject;
  parametersJsonSchema?: JsonObject;
}

/** One Gemini `Tool` (`@google/genai`): switchboard sends a single one holding every declaration. */
export interface GeminiTool {
  functionDeclarations: GeminiFunctionDeclarationWire[];
}

/** One tool as an MCP `tools/list` result carries it (the MCP SDK's `Tool`). */
export interface McpWireTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: WireObjectSchema;
  annotations?: ToolAnnotations;
}

/** The element type of the tools array, by wire. */
export interface WireToolByProvider {
  anthropic: AnthropicToolParam;
  "openai-chat": OpenAIChatTool;
  "openai-responses": OpenAIResponsesTool;
  gemini: GeminiTool;
  mcp: McpWireTool;
}

/** The wire (provider identity) a target emits: `"openai-strict"` → `"openai-chat"`. */
export type WireOfTarget<T extends TargetIdOf> = {
  [P in ProviderId]: T extends TargetIdOf<P> ? P : never;
}[ProviderId];

/** The element type of the tools array, by target. */
export type WireToolByTarget = { [K in TargetIdOf]: WireToolByProvider[WireOfTarget<K>] };

/** The `tools` value a target's toolset carries; a union of targets gives an array of the union. */
export type ToolsArrayOf<T extends TargetIdOf = TargetIdOf> = WireToolByTarget[T][];
