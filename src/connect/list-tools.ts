/**
 * `tools/list`, every page, read one tool at a time. The SDK's `listTools()` parses the whole result with one
 * strict schema, so one sloppy tool (`description: null`, a string `inputSchema`) rejects the listing and every
 * valid tool beside it. Here each page is requested with a result schema that accepts any object, and each listed
 * item is checked on its own: null-valued fields count as absent, an item that is not an object or has no string
 * name is skipped with a warning naming its index, a name listed twice keeps its first tool, a tool whose
 * `x-mcp-header` bindings break the rules (`header-bindings.ts`) is skipped with a warning naming the rule.
 * Schemas are left as the server wrote them, for repair and quarantine to judge per provider.
 *
 * The SDK's response cache is not written: the connection hands each call its tool's definition instead
 * (`toolDefinition`), which is what output validation and header mirroring read.
 */
import type { RequestOptions, StandardSchemaV1, Tool } from "@modelcontextprotocol/client";
import { headerBindingFault } from "./header-bindings.js";
import { isPlainObject, samePlain } from "./plain-json.js";
import type { SessionClient } from "./session-client.js";
import type { ListingWarning } from "./types.js";

/** The SDK's own default cap on the pages of one listing (`listMaxPages`). */
export const maxListPages = 64;

/** Accepts any object result; the items are judged one by one afterwards. */
const anyObject: StandardSchemaV1<unknown, Record<string, unknown>> = {
  "~standard": {
    version: 1,
    vendor: "switchboard",
    validate: (value) =>
      isPlainObject(value)
        ? { value: value as Record<string, unknown> }
        : { issues: [{ message: "the result is not an object" }] },
  },
};

/**
 * Walks a paginated listing as the SDK client's `list*` methods do: `page(cursor)` fetches one page (the first
 * without a cursor), `key` names its items. A page equal to the one before it, cursor included, ends the walk (a
 * server repeating its last page); more than `maxListPages` pages is an error, as it is in the SDK. Returns the
 * first page and every item.
 */
export async function walkPages(
  method: string,
  key: string,
  page: (cursor: string | undefined) => Promise<Record<string, unknown>>,
): Promise<{ first: Record<string, unknown>; items: unknown[] }> {
  const items: unknown[] = [];
  let first: Record<string, unknown> | undefined;
  let cursor: string | undefined;
  let previous: string | undefined;
  for (let pages = 1; ; pages += 1) {
    const current = await page(cursor);
    first ??= current;
    const listed = Array.isArray(current[key]) ? (current[key] as unknown[]) : [];
    const next = typeof current.nextCursor === "string" ? current.nextCursor : undefined;
    if (next !== undefined && next === cursor) {
      const text = JSON.stringify(listed);
      if (text === previous) break;
      previous = text;
    } else previous = undefined;
    items.push(...listed);
    if (next === undefined) break;
    if (pages >= maxListPages) {
      throw new Error(`${method}: more than ${maxListPages} pages; the server's paging did not end`);
    }
    cursor = next;
  }
  return { first, items };
}

/** Requests `tools/list` page after page (following `nextCursor`) and returns every listed item. */
export async function listToolItems(client: SessionClient, options: RequestOptions): Promise<unknown[]> {
  const method = "tools/list";
  const { items } = await walkPages(method, "tools", (cursor) =>
    client.request(cursor === undefined ? { method } : { method, params: { cursor } }, anyObject, options),
  );
  return items;
}

/**
 * The tools of a listing that can be used, and a warning for each one that could not. A tool equal (same JSON) to
 * its entry in `previous` (the last listing's tools, each already read here) is that entry: it passed every check
 * below, so a re-list of unchanged tools skips the schema walks (`x-mcp-header`) and the copy.
 */
export function readTools(
  items: readonly unknown[],
  previous: readonly Tool[] = [],
): { tools: Tool[]; warnings: ListingWarning[] } {
  const tools: Tool[] = [];
  const warnings: ListingWarning[] = [];
  const firstIndex = new Map<string, number>();
  const known = new Map<string, Tool>();
  for (const tool of previous) if (!known.has(tool.name)) known.set(tool.name, tool);
  items.forEach((item, index) => {
    if (!isPlainObject(item)) {
      warnings.push(toolWarning(index, undefined, `tool ${index} is not an object; skipped`));
      return;
    }
    const name = (item as Record<string, unknown>).name;
    if (typeof name !== "string" || name === "") {
      warnings.push(toolWarning(index, undefined, `tool ${index} has no string name; skipped`));
      return;
    }
    const first = firstIndex.get(name);
    if (first !== undefined) {
      warnings.push(
        toolWarning(
          index,
          name,
          `tool ${quoted(name)} is listed twice (tools ${first} and ${index}); the first is kept`,
        ),
      );
      return;
    }
    firstIndex.set(name, index);
    const tool = withoutNulls(item as Record<string, unknown>);
    if (tool.inputSchema !== undefined && !isPlainObject(tool.inputSchema)) {
      warnings.push(
        toolWarning(
          index,
          name,
          `tool ${quoted(name)}: inputSchema is not an object; listed as taking no arguments`,
        ),
      );
    }
    const kept = known.get(name);
    if (kept !== undefined && samePlain(tool, kept)) {
      tools.push(kept);
      return;
    }
    const headerFault = headerBindingFault(tool.inputSchema);
    if (headerFault !== undefined) {
      // Calling it would send a malformed or ambiguous Mcp-Param header: quarantined, the rest of the listing stays.
      warnings.push(toolWarning(index, name, `tool ${quoted(name)} is not offered: ${headerFault}`));
      return;
    }
    if (tool.outputSchema !== undefined && !isPlainObject(tool.outputSchema)) {
      delete tool.outputSchema;
      warnings.push(toolWarning(index, name, `tool ${quoted(name)}: outputSchema is not an object; ignored`));
    }
    tools.push(tool as unknown as Tool);
  });
  return { tools, warnings };
}

/** A shallow copy without null-valued members: `description: null` means "no description". */
function withoutNulls(item: Record<string, unknown>): Record<string, unknown> {
  const tool: Record<string, unknown> = {};
  // for...in makes no entry arrays (a re-list reads every tool again); the item is a plain object, so only its
  // own keys are taken, and a `__proto__` member stays a member instead of becoming the copy's prototype.
  for (const key in item) {
    if (!Object.hasOwn(item, key)) continue;
    const value = item[key];
    if (value === null) continue;
    if (key === "__proto__") {
      Object.defineProperty(tool, key, { value, enumerable: true, writable: true, configurable: true });
    } else tool[key] = value;
  }
  return tool;
}

function toolWarning(index: number, tool: string | undefined, message: string): ListingWarning {
  return { request: "tools/list", index, ...(tool === undefined ? {} : { tool }), message };
}

/** A server-supplied name, quoted and bounded for a message. */
export function quoted(name: string): string {
  const text = JSON.stringify(name);
  return text.length > 82 ? `${text.slice(0, 80)}…"` : text;
}
