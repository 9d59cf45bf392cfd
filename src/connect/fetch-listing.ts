/**
 * Lists what a server offers, every page, one request at a time: `tools/list` is the one listing a server must
 * answer (its failure fails the listing, naming the request); a refused `resources/list`,
 * `resources/templates/list`, `prompts/list` or `skills/list` becomes a warning and lists nothing, so a server that advertises
 * `resources` but cannot list them (no database yet, or "method not found") keeps its tools. Tools are read one by
 * one (`list-tools.ts`), so a sloppy tool costs only itself. `cacheMode: "refresh"` on the SDK's list calls
 * because a listing is always a question for the server, never for the SDK's response cache.
 *
 * Each listed tool is kept as frozen plain JSON (`adoptJsonMembers`: what was parsed, frozen in place), and a
 * tool equal to its entry in `previous` (the last listing) keeps that entry: the catalogue shares these objects
 * instead of copying them, so the listing and the catalogue hold each schema once between them, across re-lists
 * too.
 */
import type { RequestOptions, ServerCapabilities } from "@modelcontextprotocol/client";
import { AuthError } from "../auth/auth-error.js";
import { type ClientSdkModule, loadClientSdk, loadedClientSdk } from "../auth/client-sdk.js";
import { isUnauthorized } from "../auth/session-auth.js";
import { SwitchboardError } from "../errors.js";
import { escapeControls } from "./escape-controls.js";
import { listToolItems, readTools } from "./list-tools.js";
import { adoptJsonMembers, isFrozenJson } from "./plain-json.js";
import type { SessionClient } from "./session-client.js";
import type { ListingWarning, ListKind, ListRequest, ServerListing, SkillEntry } from "./types.js";

export const allListKinds: readonly ListKind[] = ["tools", "resources", "prompts"];

/** What one listing gave: the kinds listed, and per kind asked for, what could not be used. */
export interface FetchedListing {
  listing: Partial<ServerListing>;
  warnings: Map<ListKind, ListingWarning[]>;
}

export async function fetchListing(
  client: SessionClient,
  capabilities: ServerCapabilities,
  kinds: readonly ListKind[],
  options: RequestOptions,
  previous?: ServerListing,
): Promise<FetchedListing> {
  const request = { ...options, cacheMode: "refresh" as const };
  const wanted = new Set(kinds);
  const warnings = new Map<ListKind, ListingWarning[]>(kinds.map((kind) => [kind, []]));
  const warn = (kind: ListKind) => (warning: ListingWarning) => warnings.get(kind)?.push(warning);
  const [tools, resources, resourceTemplates, prompts, skills] = await Promise.all([
    wanted.has("tools") ? listedTools(client, capabilities, options, warn("tools"), previous?.tools) : skip,
    wanted.has("resources")
      ? optional(
          capabilities.resources,
          "resources/list",
          () => client.listResources(undefined, request),
          "resources",
          warn("resources"),
        )
      : skip,
    wanted.has("resources")
      ? optional(
          capabilities.resources,
          "resources/templates/list",
          () => client.listResourceTemplates(undefined, request),
          "resourceTemplates",
          warn("resources"),
        )
      : skip,
    wanted.has("prompts")
      ? optional(
          capabilities.prompts,
          "prompts/list",
          () => client.listPrompts(undefined, request),
          "prompts",
          warn("prompts"),
        )
      : skip,
    // Skills change with the server's resources (`resources/list_changed`); entries only, never a file.
    wanted.has("resources") ? skillsOf(client, capabilities, request, warn("resources")) : skip,
  ]);
  const listing: Partial<ServerListing> = {};
  if (tools !== undefined) listing.tools = frozenTools(tools);
  if (resources !== undefined) listing.resources = resources as ServerListing["resources"];
  if (resourceTemplates !== undefined)
    listing.resourceTemplates = resourceTemplates as ServerListing["resourceTemplates"];
  if (prompts !== undefined) listing.prompts = prompts as ServerListing["prompts"];
  if (skills !== undefined && (skills.length > 0 || previous?.skills !== undefined)) listing.skills = skills;
  return { listing, warnings };
}

const skip = Promise.resolve(undefined);

/** The SDK's extension id for skills (`SKILLS_EXTENSION_ID`). */
const SKILLS_EXTENSION = "io.modelcontextprotocol/skills";

/**
 * The server's skills, through the SDK's `SkillsClient` (skills.ts, loaded with the SDK only for a server that
 * declares the extension); a server that does not lists none, as `SkillsClient` would say.
 */
async function skillsOf(
  client: SessionClient,
  capabilities: ServerCapabilities,
  options: RequestOptions,
  warn: (warning: ListingWarning) => void,
): Promise<SkillEntry[] | undefined> {
  if (capabilities.extensions?.[SKILLS_EXTENSION] === undefined) return [];
  await loadClientSdk();
  const { listSkills } = await import("./skills.js");
  return listSkills(client, options, warn);
}

/** An error the SDK made is one only once the SDK is loaded. */
function sdk(): ClientSdkModule | undefined {
  return loadedClientSdk();
}

/** The SDK's `ProtocolErrorCode.MethodNotFound`. */
const METHOD_NOT_FOUND = -32601;

function isProtocolError(error: unknown): error is Error & { code: number } {
  const loaded = sdk();
  return loaded !== undefined && error instanceof loaded.ProtocolError;
}

/**
 * The listed tools, frozen: a previous entry `readTools` kept (the same JSON) is already; a new one is
 * `readTools`'s own shallow copy of what the client parsed, so it is frozen in place (`adoptJsonMembers`).
 */
function frozenTools(listed: ServerListing["tools"]): ServerListing["tools"] {
  return listed.map((tool) => (isFrozenJson(tool) ? tool : adoptJsonMembers(tool)));
}

/** The required listing: a server without the `tools` capability has none; a failure names `tools/list`. */
async function listedTools(
  client: SessionClient,
  capabilities: ServerCapabilities,
  options: RequestOptions,
  warn: (warning: ListingWarning) => void,
  previous: ServerListing["tools"] | undefined,
): Promise<ServerListing["tools"] | undefined> {
  if (capabilities.tools === undefined) return [];
  let items: unknown[];
  try {
    items = await listToolItems(client, options);
  } catch (error) {
    // A 401/403 (an expired token, an `insufficient_scope` step-up) stays what it is: the connection's
    // authorization handling recognises it by its type and retries after a new authorization.
    if (error instanceof AuthError || isUnauthorized(error)) throw error;
    throw new SwitchboardError("REQUEST_FAILED", `tools/list failed: ${describeFailure(error)}`, {
      cause: error,
    });
  }
  const { tools, warnings } = readTools(items, previous);
  for (const warning of warnings) warn(warning);
  return withoutInvalidHeaderTools(client, tools);
}

/**
 * The SDK's own SEP-2243 rule, which `listTools()` applied: on a 2026-07-28 connection a tool whose `x-mcp-header`
 * declarations are invalid MUST be left out. The SDK keeps the check to itself; it is called where it exists.
 */
function withoutInvalidHeaderTools(
  client: SessionClient,
  tools: ServerListing["tools"],
): ServerListing["tools"] {
  const exclude = (client as unknown as { _excludeInvalidXMcpHeaderTools?: unknown })
    ._excludeInvalidXMcpHeaderTools;
  if (typeof exclude !== "function") return tools;
  const result = { tools };
  exclude.call(client, result);
  return result.tools;
}

/**
 * An optional listing: a capability the server did not advertise lists as empty; a refused request lists nothing
 * (undefined: a re-list keeps what the last listing had) and is a warning. "Method not found" for templates alone
 * is no warning: servers that never implemented `resources/templates/list` have none, which is what it says.
 */
async function optional<K extends string>(
  capability: object | undefined,
  request: ListRequest,
  list: () => Promise<Record<K, unknown>>,
  key: K,
  warn: (warning: ListingWarning) => void,
): Promise<unknown[] | undefined> {
  if (capability === undefined) return [];
  try {
    const result = await list();
    const items = result[key];
    return Array.isArray(items) ? items : [];
  } catch (error) {
    if (request === "resources/templates/list" && isProtocolError(error) && error.code === METHOD_NOT_FOUND)
      return [];
    // A lost connection is not the listing's fault: the whole attempt fails with it.
    if (!isProtocolError(error) && !isResultError(error)) throw error;
    warn({
      request,
      ...(isProtocolError(error) ? { code: error.code } : {}),
      message: `${request} failed: ${describeFailure(error)}; listed as empty`,
    });
    return undefined;
  }
}

/** The SDK's own complaint about a result it could not parse (a sloppy resource or prompt). */
function isResultError(error: unknown): boolean {
  const loaded = sdk();
  return (
    loaded !== undefined &&
    error instanceof loaded.SdkError &&
    error.code === loaded.SdkErrorCode.InvalidResult
  );
}

/** The server's message and code, bounded (the raw text of a schema error can run to pages). */
function describeFailure(error: unknown): string {
  // Server text, bounded and with control characters escaped: it ends up on a terminal.
  const message = error instanceof Error ? error.message : String(error);
  const bounded = escapeControls(message.length > 300 ? `${message.slice(0, 299)}…` : message);
  return isProtocolError(error) && !/\(code -?\d+\)/.test(bounded)
    ? `${bounded} (code ${error.code})`
    : bounded;
}
