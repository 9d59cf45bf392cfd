/**
 * SDK listing objects → catalogue entries. Only the fields switchboard uses are kept, copied as plain JSON (the
 * catalogue never aliases an object the SDK or a server could still touch). Duplicate keys keep the first entry;
 * each list is sorted by key so the order a server lists in never matters.
 */
import type { ServerListing } from "../connect/types.js";
import type { JsonObject } from "../spec/json.js";
import type { McpTool, ToolAnnotations } from "../spec/tool.js";
import type {
  CatalogPrompt,
  CatalogPromptArgument,
  CatalogResource,
  CatalogResourceTemplate,
  ServerCatalog,
} from "./types.js";

export function toServerCatalog(server: string, listing: ServerListing): ServerCatalog {
  return {
    server,
    tools: uniqueSorted(
      listing.tools.map((tool) => ({ server, tool: toMcpTool(tool) })),
      (entry) => entry.tool.name,
    ),
    resources: uniqueSorted(
      listing.resources.map((resource) => toResource(server, resource)),
      (resource) => resource.uri,
    ),
    resourceTemplates: uniqueSorted(
      listing.resourceTemplates.map((template) => toTemplate(server, template)),
      (template) => template.uriTemplate,
    ),
    prompts: uniqueSorted(
      listing.prompts.map((prompt) => toPrompt(server, prompt)),
      (prompt) => prompt.name,
    ),
  };
}

export function toMcpTool(tool: ServerListing["tools"][number]): McpTool {
  const result: McpTool = {
    name: tool.name,
    inputSchema: jsonObject(tool.inputSchema) ?? { type: "object" },
  };
  if (typeof tool.title === "string") result.title = tool.title;
  if (typeof tool.description === "string") result.description = tool.description;
  const outputSchema = jsonObject(tool.outputSchema);
  if (outputSchema !== undefined) result.outputSchema = outputSchema;
  const annotations = toAnnotations(tool.annotations);
  if (annotations !== undefined) result.annotations = annotations;
  return result;
}

function toAnnotations(value: unknown): ToolAnnotations | undefined {
  if (value === null || typeof value !== "object") return undefined;
  const source = value as Record<string, unknown>;
  const annotations: ToolAnnotations = {};
  if (typeof source.title === "string") annotations.title = source.title;
  for (const hint of ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"] as const) {
    if (typeof source[hint] === "boolean") annotations[hint] = source[hint];
  }
  return Object.keys(annotations).length === 0 ? undefined : annotations;
}

function toResource(server: string, resource: ServerListing["resources"][number]): CatalogResource {
  const result: CatalogResource = { server, uri: resource.uri, name: resource.name };
  copyText(resource, result, ["title", "description", "mimeType"]);
  if (typeof resource.size === "number") result.size = resource.size;
  const annotations = jsonObject(resource.annotations);
  if (annotations !== undefined) result.annotations = annotations;
  return result;
}

function toTemplate(
  server: string,
  template: ServerListing["resourceTemplates"][number],
): CatalogResourceTemplate {
  const result: CatalogResourceTemplate = { server, uriTemplate: template.uriTemplate, name: template.name };
  copyText(template, result, ["title", "description", "mimeType"]);
  const annotations = jsonObject(template.annotations);
  if (annotations !== undefined) result.annotations = annotations;
  return result;
}

function toPrompt(server: string, prompt: ServerListing["prompts"][number]): CatalogPrompt {
  const result: CatalogPrompt = { server, name: prompt.name };
  copyText(prompt, result, ["title", "description"]);
  if (Array.isArray(prompt.arguments)) {
    result.arguments = prompt.arguments.map((argument) => {
      const mapped: CatalogPromptArgument = { name: argument.name };
      if (typeof argument.description === "string") mapped.description = argument.description;
      if (typeof argument.required === "boolean") mapped.required = argument.required;
      return mapped;
    });
  }
  return result;
}

function copyText<K extends string>(
  source: object,
  target: Partial<Record<K, string>>,
  keys: readonly K[],
): void {
  for (const key of keys) {
    const value = (source as Record<string, unknown>)[key];
    if (typeof value === "string") target[key] = value;
  }
}

/** A JSON round trip: drops functions/undefined, breaks aliasing; non-objects give undefined. */
function jsonObject(value: unknown): JsonObject | undefined {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
  return JSON.parse(JSON.stringify(value)) as JsonObject;
}

function uniqueSorted<T>(items: readonly T[], key: (item: T) => string): T[] {
  const seen = new Map<string, T>();
  for (const item of items) if (!seen.has(key(item))) seen.set(key(item), item);
  return [...seen.values()].sort((a, b) => compareKeys(key(a), key(b)));
}

/** Code-point order: locale-independent, so the catalogue sorts the same on every machine. */
export function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
