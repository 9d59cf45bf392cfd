/**
 * Upstream results carry URIs as their server knows them (embedded resources, resource links, read contents).
 * These helpers copy a result with every such URI replaced by its downstream form, so whatever the client sees can
 * be read back through the gateway. Unknown shapes pass through untouched.
 */

export type UriMap = (uri: string) => string;

/** One content block (`resource` or `resource_link` get new URIs; everything else is returned as is). */
export function rewriteContentBlock(block: unknown, map: UriMap): unknown {
  if (!isRecord(block)) return block;
  if (block.type === "resource_link" && typeof block.uri === "string")
    return { ...block, uri: map(block.uri) };
  if (block.type === "resource" && isRecord(block.resource) && typeof block.resource.uri === "string") {
    return { ...block, resource: { ...block.resource, uri: map(block.resource.uri) } };
  }
  return block;
}

/** A `tools/call` result: its `content` blocks. */
export function rewriteCallResult<T>(result: T, map: UriMap): T {
  if (!isRecord(result) || !Array.isArray(result.content)) return result;
  return { ...result, content: result.content.map((block) => rewriteContentBlock(block, map)) } as T;
}

/** A `prompts/get` result: each message's content block. */
export function rewritePromptResult<T>(result: T, map: UriMap): T {
  if (!isRecord(result) || !Array.isArray(result.messages)) return result;
  const messages = result.messages.map((message) =>
    isRecord(message) ? { ...message, content: rewriteContentBlock(message.content, map) } : message,
  );
  return { ...result, messages } as T;
}

/** A `resources/read` result: each contents entry's `uri`. */
export function rewriteReadResult<T>(result: T, map: UriMap): T {
  if (!isRecord(result) || !Array.isArray(result.contents)) return result;
  const contents = result.contents.map((entry) =>
    isRecord(entry) && typeof entry.uri === "string" ? { ...entry, uri: map(entry.uri) } : entry,
  );
  return { ...result, contents } as T;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
