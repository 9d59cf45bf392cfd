/**
 * Lists what a server offers, every page: the v2 SDK's no-cursor `list*()` calls walk `nextCursor` to the end
 * (capped by `listMaxPages`), which the paging fixture verifies. `cacheMode: "refresh"` because a listing is
 * always a question for the server, never for the SDK's response cache, while still refreshing the cache the
 * SDK's `callTool` output validation reads.
 *
 * Why the SDK's `list*()` and not a bare `client.request("tools/list")` with a permissive result schema: the bare
 * request is much cheaper (5,000 tools over an in-memory transport: ≈2 ms against ≈100–240 ms, the difference
 * being the SDK's per-tool schema parse and its response-cache write; `npm run bench -- rebuild`), but the cache
 * write is what `callTool` later reads to validate `structuredContent` against the tool's `outputSchema` and to
 * mirror SEP-2243 `x-mcp-header` parameters, and `listTools` also drops tools whose header declarations are
 * invalid (a MUST on 2026-07-28 HTTP). Listing itself compiles no output schema: the SDK compiles every
 * `outputSchema` of a listing at the first `callTool` after it (1,000 tools: ≈1 s), which the client's
 * `jsonSchemaValidator` option can make lazy (see bench/rebuild.bench.ts).
 *
 * Each listed tool is kept as a frozen copy of plain JSON (`frozenJsonMembers`), and a tool equal to its entry
 * in `previous` (the last listing) keeps that entry: the catalogue shares these copies instead of making its own,
 * so the listing and the catalogue hold each schema once between them, across re-lists too.
 */
import type { Client, RequestOptions, ServerCapabilities } from "@modelcontextprotocol/client";
import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/client";
import { frozenJsonMembers, samePlain } from "./plain-json.js";
import type { ListKind, ServerListing } from "./types.js";

export const allListKinds: readonly ListKind[] = ["tools", "resources", "prompts"];

export async function fetchListing(
  client: Client,
  capabilities: ServerCapabilities,
  kinds: readonly ListKind[],
  options: RequestOptions,
  previous?: ServerListing,
): Promise<Partial<ServerListing>> {
  const request = { ...options, cacheMode: "refresh" as const };
  const wanted = new Set(kinds);
  const [tools, resources, resourceTemplates, prompts] = await Promise.all([
    wanted.has("tools")
      ? listed(capabilities.tools, () => client.listTools(undefined, request), "tools")
      : skip,
    wanted.has("resources")
      ? listed(capabilities.resources, () => client.listResources(undefined, request), "resources")
      : skip,
    wanted.has("resources")
      ? listed(
          capabilities.resources,
          () => client.listResourceTemplates(undefined, request),
          "resourceTemplates",
          true,
        )
      : skip,
    wanted.has("prompts")
      ? listed(capabilities.prompts, () => client.listPrompts(undefined, request), "prompts")
      : skip,
  ]);
  const listing: Partial<ServerListing> = {};
  if (tools !== undefined) listing.tools = keptTools(tools as ServerListing["tools"], previous?.tools);
  if (resources !== undefined) listing.resources = resources as ServerListing["resources"];
  if (resourceTemplates !== undefined)
    listing.resourceTemplates = resourceTemplates as ServerListing["resourceTemplates"];
  if (prompts !== undefined) listing.prompts = prompts as ServerListing["prompts"];
  return listing;
}

const skip = Promise.resolve(undefined);

/** Frozen copies of the listed tools; a tool equal to its previous entry (same JSON) is that entry. */
function keptTools(listed: ServerListing["tools"], previous: ServerListing["tools"] | undefined) {
  const known = new Map<string, ServerListing["tools"][number]>();
  for (const tool of previous ?? []) if (!known.has(tool.name)) known.set(tool.name, tool);
  return listed.map((tool) => {
    const kept = known.get(tool.name);
    return kept !== undefined && samePlain(tool, kept) ? kept : frozenJsonMembers(tool);
  });
}

/**
 * A capability the server did not advertise lists as empty. Templates are optional even under `resources`:
 * servers that never implemented `resources/templates/list` answer "method not found", which means none.
 */
async function listed<K extends string>(
  capability: object | undefined,
  list: () => Promise<Record<K, unknown>>,
  key: K,
  optional = false,
): Promise<unknown[]> {
  if (capability === undefined) return [];
  try {
    const result = await list();
    const items = result[key];
    return Array.isArray(items) ? items : [];
  } catch (error) {
    if (optional && error instanceof ProtocolError && error.code === ProtocolErrorCode.MethodNotFound)
      return [];
    throw error;
  }
}
