/**
 * Resource URIs and templates as the gateway shows them, namespaced reversibly. A URI (or template) that exactly
 * one server lists keeps its own text downstream, so links inside tool results and prompts stay valid and clients
 * that know a server's URIs still reach them. A URI that several servers list, or one already using the gateway's
 * own scheme, is rewritten for every server listing it to `switchboard://<server>/<uri>`. Going back is a table
 * lookup (for an expanded template, a match against the downstream templates): nothing parses a server out of a
 * URI, and two servers can never share a downstream URI.
 */
import { UriTemplate } from "@modelcontextprotocol/server";
import type { CatalogResource, CatalogResourceTemplate } from "../catalog/types.js";

export const NAMESPACE_PREFIX = "switchboard://";

/** Where a downstream URI leads: a server and the URI as that server knows it. */
export interface UpstreamResource {
  server: string;
  uri: string;
}

export interface UpstreamTemplate {
  server: string;
  uriTemplate: string;
}

/** A resource as listed downstream (MCP `Resource` fields). */
export interface DownstreamResource extends Omit<CatalogResource, "server"> {}

export interface DownstreamTemplate extends Omit<CatalogResourceTemplate, "server"> {}

export interface ResourceTable {
  /** Sorted by downstream URI. */
  readonly resources: readonly DownstreamResource[];
  /** Sorted by downstream template. */
  readonly templates: readonly DownstreamTemplate[];
  /** The downstream URI for a URI one server uses (listed or not). */
  toDownstream(server: string, uri: string): string;
  /** A listed URI, or one that matches a downstream template (expanded for its server). */
  resolve(uri: string): UpstreamResource | undefined;
  /** The upstream template behind a downstream template string. */
  resolveTemplate(uriTemplate: string): UpstreamTemplate | undefined;
}

export function namespacedUri(server: string, uri: string): string {
  return `${NAMESPACE_PREFIX}${encodeURIComponent(server)}/${uri}`;
}

export function buildResourceTable(
  resources: readonly CatalogResource[],
  templates: readonly CatalogResourceTemplate[],
): ResourceTable {
  const claimed = countServers([
    ...resources.map((resource) => ({ server: resource.server, key: resource.uri })),
    ...templates.map((template) => ({ server: template.server, key: template.uriTemplate })),
  ]);
  const downstreamOf = (server: string, key: string) =>
    needsNamespace(key, claimed) ? namespacedUri(server, key) : key;

  const byUri = new Map<string, UpstreamResource>();
  const listed: DownstreamResource[] = [];
  for (const resource of resources) {
    const { server, ...rest } = resource;
    const uri = downstreamOf(server, resource.uri);
    if (byUri.has(uri)) continue;
    byUri.set(uri, { server, uri: resource.uri });
    listed.push({ ...rest, uri });
  }
  const byTemplate = new Map<string, UpstreamTemplate & { matcher: UriTemplate; upstream: UriTemplate }>();
  const listedTemplates: DownstreamTemplate[] = [];
  for (const template of templates) {
    const { server, ...rest } = template;
    const uriTemplate = downstreamOf(server, template.uriTemplate);
    if (byTemplate.has(uriTemplate)) continue;
    const matcher = parseTemplate(uriTemplate);
    const upstream = parseTemplate(template.uriTemplate);
    if (matcher === undefined || upstream === undefined) continue;
    byTemplate.set(uriTemplate, { server, uriTemplate: template.uriTemplate, matcher, upstream });
    listedTemplates.push({ ...rest, uriTemplate });
  }
  listed.sort((a, b) => compare(a.uri, b.uri));
  listedTemplates.sort((a, b) => compare(a.uriTemplate, b.uriTemplate));

  return {
    resources: listed,
    templates: listedTemplates,
    toDownstream(server, uri) {
      // A URI the server did not list is namespaced when it could be confused with another server's.
      const own = byUri.get(uri);
      if (own !== undefined && own.server === server && own.uri === uri) return uri;
      return needsNamespace(uri, claimed, server) ? namespacedUri(server, uri) : uri;
    },
    resolve(uri) {
      const listedTarget = byUri.get(uri);
      if (listedTarget !== undefined) return listedTarget;
      for (const [, template] of byTemplate) {
        const variables = template.matcher.match(uri);
        if (variables === null) continue;
        return { server: template.server, uri: template.upstream.expand(variables) };
      }
      return undefined;
    },
    resolveTemplate(uriTemplate) {
      const found = byTemplate.get(uriTemplate);
      return found === undefined ? undefined : { server: found.server, uriTemplate: found.uriTemplate };
    },
  };
}

/** Servers claiming each key. */
function countServers(items: readonly { server: string; key: string }[]): Map<string, Set<string>> {
  const claimed = new Map<string, Set<string>>();
  for (const { server, key } of items) {
    let servers = claimed.get(key);
    if (servers === undefined) {
      servers = new Set();
      claimed.set(key, servers);
    }
    servers.add(server);
  }
  return claimed;
}

/**
 * Namespaced when the gateway's own scheme could be forged, when several servers claim the key, or (for a URI
 * `server` did not list itself) when another server claims it.
 */
function needsNamespace(key: string, claimed: Map<string, Set<string>>, server?: string): boolean {
  if (key.startsWith(NAMESPACE_PREFIX)) return true;
  const servers = claimed.get(key);
  if (servers === undefined) return false;
  if (servers.size > 1) return true;
  return server !== undefined && !servers.has(server);
}

function parseTemplate(template: string): UriTemplate | undefined {
  try {
    return new UriTemplate(template);
  } catch {
    // A template the SDK cannot parse cannot be matched either; it is left out rather than listed unusable.
    return undefined;
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
