import type { JsonValue } from "./json.js";

/**
 * One tool call a model made, whatever the provider. Reading a response never throws: a call whose arguments
 * cannot be used keeps them raw and says why in `argumentsError`, so it can still be answered.
 */
export interface ToolCall {
  /** The provider's call id (`tool_use.id`, `tool_call_id`, `call_id`, `functionCall.id`). */
  id: string;
  /** The name exactly as the model emitted it. */
  name: string;
  /** Parsed arguments; the raw value (for example the unparsable JSON string) when `argumentsError` is set. */
  arguments: unknown;
  /** Why `arguments` is unusable: malformed JSON, not an object. */
  argumentsError?: string;
  /** The provider sent no id (Gemini may omit them): `id` was made from the call's position and is never sent back. */
  syntheticId?: true;
  /** An earlier call in the same response carries the same id: only the first one can be answered by id. */
  duplicateId?: true;
}

/** What happened to a call: `ok`, or why its result is an error. */
export type ToolErrorKind =
  /** The name is not in the toolset's name table (hallucinated, misspelt, or a tool that was withheld). */
  | "unknown-tool"
  /** The name resolves, but the tool left the catalogue (list_changed, server gone) after the request was built. */
  | "stale-tool"
  /** The call exceeded its time limit and was cancelled. */
  | "timeout"
  /** The server crashed, disconnected or is not running. */
  | "server-crashed"
  /** The server answered with a protocol error other than rejecting the arguments, or failed in another way. */
  | "server-error"
  /** The server rejected the arguments (JSON-RPC -32602 invalid params). */
  | "invalid-arguments"
  /** The tool ran and reported failure itself (MCP `isError: true`). */
  | "tool-error"
  /** The caller aborted the turn before the call finished. */
  | "aborted"
  /** The approval policy or the person asked refused the call. */
  | "denied"
  /** The call itself is unusable: malformed or non-object arguments, a duplicate id. */
  | "malformed-call";

/** How a tool call ended: `ok`, or the kind of error it was answered with. */
export type ToolOutcome = "ok" | ToolErrorKind;

/** One part of a tool result, provider-neutral and lossless with respect to MCP content. */
export type ToolContent =
  | { type: "text"; text: string }
  /** Base64 data. */
  | { type: "image"; data: string; mimeType: string }
  /** Base64 data. */
  | { type: "audio"; data: string; mimeType: string }
  /** An embedded resource with text contents. */
  | { type: "resource"; uri: string; mimeType?: string; text: string }
  /** An embedded resource with binary contents (base64 `blob`). */
  | { type: "resource"; uri: string; mimeType?: string; blob: string }
  /** A pointer to a resource the client may read; its contents are not included. */
  | {
      type: "resource_link";
      uri: string;
      name: string;
      title?: string;
      description?: string;
      mimeType?: string;
      size?: number;
    };

/** How much of an oversized result was kept (token counts are o200k_base estimates). */
export interface ToolResultTruncation {
  limitTokens: number;
  originalTokens: number;
  keptTokens: number;
}

/** The answer to one `ToolCall`, ready to be converted into any provider's tool-result shape. */
export interface ToolResult {
  /** The id of the call it answers. */
  callId: string;
  /** The name as the model called it. */
  name: string;
  /** The (server, tool) the name resolved to, when it did. */
  server?: string;
  tool?: string;
  outcome: ToolOutcome;
  /** `outcome !== "ok"`. */
  isError: boolean;
  /** For an error other than `tool-error`, a single text part saying what happened and what to do. */
  content: ToolContent[];
  /** MCP `structuredContent`, when the tool returned it. */
  structuredContent?: JsonValue;
  truncated?: ToolResultTruncation;
  /** Milliseconds from dispatch to answer. */
  durationMs: number;
}
