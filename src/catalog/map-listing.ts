/**
 * SDK listing objects → catalogue entries. Only the fields switchboard uses are kept, copied as plain JSON (the
 * catalogue never aliases an object the SDK or a server could still touch; it does share the frozen copies the
 * connection made of a listing's schemas, which no one can touch). Duplicate keys keep the first entry;
 * each list is sorted by key so the order a server lists in never matters.
 */

import { frozenJson, isPlainObject, plainCopy, samePlain } from "../connect/plain-json.js";
import type { ServerListing } from "../connect/types.js";
import type { JsonObject } from "../spec/json.js";
import type { McpTool, ServerTool, ToolAnnotations } from "../spec/tool.js";
import type {
  CatalogPrompt,
  CatalogPromptArgument,
  CatalogResource,
  CatalogResourceTemplate,
  CatalogSkill,
  ServerCatalog,
} from "./types.js";

/**
 * `previous`: the server's current catalogue. A listed tool whose entry would come out equal, key order included,
 * to its entry there maps to that same entry object, without a copy: after a `list_changed` only the tools that
 * changed are copied, and the unchanged ones keep their identity (what consumers cache by).
 */
export function toServerCatalog(
  server: string,
  listing: ServerListing,
  previous?: ServerCatalog,
): ServerCatalog {
  const known = new Map<string, ServerTool>();
  for (const entry of previous?.server === server ? previous.tools : []) known.set(entry.tool.name, entry);
  return {
    server,
    tools: uniqueSorted(
      listing.tools.map((tool) => {
        const kept = known.get(tool.name);
        return kept !== undefined && sameTool(tool, kept.tool)
          ? kept
          : { server, tool: mcpToolOf(tool, true) };
      }),
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
    ...(listing.skills === undefined
      ? {}
      : {
          skills: uniqueSorted(
            listing.skills.map((entry) => toSkill(server, entry)),
            (skill) => skill.uri,
          ),
        }),
  };
}

/** Limits of the Agent Skills format: what a model is shown of a skill stays within them. */
const MAX_SKILL_NAME = 64;
const MAX_SKILL_DESCRIPTION = 1_024;

function toSkill(server: string, entry: NonNullable<ServerListing["skills"]>[number]): CatalogSkill {
  return {
    server,
    uri: entry.uri,
    name: clip(entry.frontmatter.name, MAX_SKILL_NAME),
    description: clip(entry.frontmatter.description, MAX_SKILL_DESCRIPTION),
    entry: plainCopy(entry) as CatalogSkill["entry"],
  };
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * Whether `toMcpTool(tool)` would serialise exactly as `entry` (same JSON text), read without copying or
 * serialising anything. Cautious: a value JSON would transform (undefined members, non-finite numbers,
 * `toJSON`, class instances) answers false, and the tool is simply copied afresh.
 */
function sameTool(tool: ServerListing["tools"][number], entry: McpTool): boolean {
  if (tool.name !== entry.name) return false;
  if (!sameText(tool.title, entry.title) || !sameText(tool.description, entry.description)) return false;
  const input = tool.inputSchema as unknown;
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    // No object schema: the entry says "no arguments".
    if (!samePlain(NO_ARGUMENTS, entry.inputSchema)) return false;
  } else if (!isPlainObject(input) || !samePlain(input, entry.inputSchema)) return false;
  const output = tool.outputSchema as unknown;
  if (typeof output !== "object" || output === null || Array.isArray(output)) {
    // `toMcpTool` keeps an object schema only: anything else (an array, a string) leaves no outputSchema.
    if (entry.outputSchema !== undefined) return false;
  } else if (
    !isPlainObject(output) ||
    entry.outputSchema === undefined ||
    !samePlain(output, entry.outputSchema)
  )
    return false;
  if (toTaskSupport(tool.execution) !== entry.execution?.taskSupport) return false;
  const annotations = toAnnotations(tool.annotations);
  if (annotations === undefined || entry.annotations === undefined) return annotations === entry.annotations;
  return samePlain(annotations, entry.annotations);
}

/** A tool's `execution.taskSupport` when it is one the revision defines (the rest of `execution` is dropped). */
function toTaskSupport(value: unknown): "required" | "optional" | "forbidden" | undefined {
  if (value === null || typeof value !== "object") return undefined;
  const support = (value as { taskSupport?: unknown }).taskSupport;
  return support === "required" || support === "optional" || support === "forbidden" ? support : undefined;
}

const NO_ARGUMENTS = Object.freeze({ type: "object" });

/** A listed text field against the entry's: `toMcpTool` keeps strings only. */
function sameText(listed: unknown, kept: string | undefined): boolean {
  return typeof listed === "string" ? listed === kept : kept === undefined;
}

export function toMcpTool(tool: ServerListing["tools"][number]): McpTool {
  return mcpToolOf(tool, false);
}

/** `freeze`: the schema copies are frozen as they are made (the catalogue freezes its entries anyway). */
function mcpToolOf(tool: ServerListing["tools"][number], freeze: boolean): McpTool {
  const result: McpTool = {
    name: tool.name,
    inputSchema: jsonObject(tool.inputSchema, freeze) ?? { ...NO_ARGUMENTS },
  };
  if (typeof tool.title === "string") result.title = tool.title;
  if (typeof tool.description === "string") result.description = tool.description;
  const outputSchema = jsonObject(tool.outputSchema, freeze);
  if (outputSchema !== undefined) result.outputSchema = outputSchema;
  const annotations = toAnnotations(tool.annotations);
  if (annotations !== undefined) result.annotations = annotations;
  const taskSupport = toTaskSupport(tool.execution);
  if (taskSupport !== undefined) result.execution = { taskSupport };
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

/**
 * A JSON round trip (`plainCopy`): drops functions/undefined, breaks aliasing; non-objects give undefined. Frozen,
 * it shares a copy the connection already made (`frozenJson`: frozen plain JSON no one can change) instead of
 * copying it again.
 */
function jsonObject(value: unknown, freeze = false): JsonObject | undefined {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
  return (freeze ? frozenJson(value) : plainCopy(value)) as JsonObject;
}

function uniqueSorted<T>(items: readonly T[], key: (item: T) => string): T[] {
  const seen = new Map<string, T>();
  for (const item of items) {
    const name = key(item);
    if (!seen.has(name)) seen.set(name, item);
  }
  // Keys computed once, not twice per comparison.
  const keys = [...seen.keys()].sort(compareKeys);
  return keys.map((name) => seen.get(name) as T);
}

/** Code-point order: locale-independent, so the catalogue sorts the same on every machine. */
export function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
