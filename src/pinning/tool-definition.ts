/**
 * What a pin covers: everything about a tool that changes what the model is told or what it may do — title,
 * description, input and output schemas, and the behaviour hints. Hashed over canonical JSON, so the key order
 * a server lists in never counts as a change.
 */
import { createHash } from "node:crypto";
import { canonicalJson } from "../schema/canonical-json.js";
import type { JsonObject } from "../spec/json.js";
import type { McpTool, ToolAnnotations } from "../spec/tool.js";

export interface PinnedDefinition {
  title?: string;
  description?: string;
  inputSchema: JsonObject;
  outputSchema?: JsonObject;
  annotations?: ToolAnnotations;
}

export function pinnedDefinition(tool: McpTool): PinnedDefinition {
  const definition: PinnedDefinition = { inputSchema: tool.inputSchema };
  if (tool.title !== undefined) definition.title = tool.title;
  if (tool.description !== undefined) definition.description = tool.description;
  if (tool.outputSchema !== undefined) definition.outputSchema = tool.outputSchema;
  if (tool.annotations !== undefined) definition.annotations = tool.annotations;
  return definition;
}

/** `sha256:<hex>` of the definition's canonical JSON. */
export function definitionHash(definition: PinnedDefinition): string {
  return `sha256:${createHash("sha256").update(canonicalJson(definition), "utf8").digest("hex")}`;
}
