/**
 * Lists what a server offers, every page: the v2 SDK's no-cursor `list*()` calls walk `nextCursor` to the end
 * (capped by `listMaxPages`), which the paging fixture verifies. `cacheMode: "refresh"` because a listing is
 * always a question for the server, never for the SDK's response cache, while still refreshing the cache the
 * SDK's `callTool` output validation reads.
 */
import type { Client, RequestOptions, ServerCapabilities } from "@modelcontextprotocol/client";
import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/client";
import type { ListKind, ServerListing } from "./types.js";

export const allListKinds: readonly ListKind[] = ["tools", "resources", "prompts"];

export async function fetchListing(
  client: Client,
  capabilities: ServerCapabilities,
  kinds: readonly ListKind[],
  options: RequestOptions,
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
  if (tools !== undefined) listing.tools = tools as ServerListing["tools"];
  if (resources !== undefined) listing.resources = resources as ServerListing["resources"];
  if (resourceTemplates !== undefined)
    listing.resourceTemplates = resourceTemplates as ServerListing["resourceTemplates"];
  if (prompts !== undefined) listing.prompts = prompts as ServerListing["prompts"];
  return listing;
}

const skip = Promise.resolve(undefined);

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
