import type { SkillEntry } from "../connect/types.js";
import type { JsonObject } from "../spec/json.js";
import type { ServerTool } from "../spec/tool.js";

/** A resource one server listed (the relevant fields of MCP `Resource`). */
export interface CatalogResource {
  server: string;
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
  annotations?: JsonObject;
}

/** A resource template one server listed (MCP `ResourceTemplate`). */
export interface CatalogResourceTemplate {
  server: string;
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  annotations?: JsonObject;
}

/** One argument of a server's prompt, as `prompts/list` gave it. */
export interface CatalogPromptArgument {
  name: string;
  description?: string;
  required?: boolean;
}

/** A prompt one server listed (MCP `Prompt`). */
export interface CatalogPrompt {
  server: string;
  name: string;
  title?: string;
  description?: string;
  arguments?: CatalogPromptArgument[];
}

/**
 * A skill one server listed (`io.modelcontextprotocol/skills`): what the model is shown (name and description,
 * bounded) and the entry its files are verified against when the model asks for them. No file is read to list it.
 */
export interface CatalogSkill {
  server: string;
  /** The skill's `SKILL.md` URI (the key). */
  uri: string;
  /** The frontmatter `name`, at most 64 characters. */
  name: string;
  /** The frontmatter `description`, at most 1,024 characters. */
  description: string;
  /** The entry as listed. */
  entry: SkillEntry;
}

/** Everything one server offers, each list sorted by its key (name, uri, uriTemplate), duplicates dropped. */
export interface ServerCatalog {
  server: string;
  tools: readonly ServerTool[];
  resources: readonly CatalogResource[];
  resourceTemplates: readonly CatalogResourceTemplate[];
  prompts: readonly CatalogPrompt[];
  /** Present when the server declares the skills extension. */
  skills?: readonly CatalogSkill[];
}

/**
 * The whole catalogue at one generation. Deeply frozen: a snapshot never changes after it is made, so a request
 * built from generation N can still resolve against N after N+1 exists.
 */
export interface CatalogSnapshot {
  generation: number;
  /** Sorted by server name. */
  servers: readonly ServerCatalog[];
  /** Every server's tools, sorted by (server, tool name). */
  tools: readonly ServerTool[];
  resources: readonly CatalogResource[];
  resourceTemplates: readonly CatalogResourceTemplate[];
  prompts: readonly CatalogPrompt[];
  /** Every server's skills, sorted by (server, uri); absent in snapshots made by hand (none). */
  skills?: readonly CatalogSkill[];
}

/** Keys added, removed and changed (same key, different canonical JSON), each sorted. */
export interface KeyDiff {
  added: readonly string[];
  removed: readonly string[];
  changed: readonly string[];
}

/** What one change did to a server's entries: tools, resources, templates, prompts (and skills) added, removed or changed. */
export interface CatalogDiff {
  tools: KeyDiff;
  resources: KeyDiff;
  resourceTemplates: KeyDiff;
  prompts: KeyDiff;
  /** Present when either side lists skills. */
  skills?: KeyDiff;
}

/** One catalogue change: the generation it created, the server it came from and what it changed. */
export interface CatalogChange {
  /** The generation this change created. */
  generation: number;
  server: string;
  diff: CatalogDiff;
}
