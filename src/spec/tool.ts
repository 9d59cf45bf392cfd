import type { JsonObject } from "./json.js";

/** Behaviour hints a server attaches to a tool (MCP `ToolAnnotations`). Untrusted: hints, never guarantees. */
export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** A tool exactly as one MCP server published it (the relevant fields of MCP `Tool`). */
export interface McpTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: JsonObject;
  outputSchema?: JsonObject;
  annotations?: ToolAnnotations;
  /** MCP 2025-11-25: whether the tool runs as a task (`required`, `optional`; absent means `forbidden`). */
  execution?: { taskSupport?: "required" | "optional" | "forbidden" };
}

/** A tool together with the configured server name it came from. */
export interface ServerTool {
  server: string;
  tool: McpTool;
}
