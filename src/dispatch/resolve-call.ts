import type { CatalogSnapshot } from "../catalog/types.js";
import { LOCAL_TOOLS_SERVER } from "../config/reserved-server-name.js";
import type { LocalTool } from "../local-tools/local-tool.js";
import { closeMatches, type NameSighting } from "../naming/index.js";
import type { ServerTool } from "../spec/tool.js";
import type { ToolCall, ToolErrorKind } from "../spec/tool-call.js";
import { findRemoval, type Removal, type RemovalLog } from "./removal-log.js";
import { stripStrictNulls } from "./strip-strict-nulls.js";
import type { DispatchCatalog, DispatchContext } from "./types.js";

export type Resolution =
  | {
      ok: true;
      server: string;
      tool: string;
      entry: ServerTool;
      arguments: Record<string, unknown>;
      /** Set for a local tool: dispatch runs its `execute` instead of calling a server. */
      local?: LocalTool;
    }
  | { ok: false; outcome: ToolErrorKind; message: string; server?: string; tool?: string };

const indexes = new WeakMap<CatalogSnapshot, Map<string, ServerTool>>();

/** (server, tool) → entry for one frozen snapshot, built once per snapshot. */
function indexOf(snapshot: CatalogSnapshot): Map<string, ServerTool> {
  let index = indexes.get(snapshot);
  if (index === undefined) {
    index = new Map(snapshot.tools.map((entry) => [`${entry.server}\u0000${entry.tool.name}`, entry]));
    indexes.set(snapshot, index);
  }
  return index;
}

/**
 * From a model's call to the (server, tool) to run, or the reason it cannot run. The name is looked up in the
 * toolset's table and nowhere else (a prefix is never parsed out of it); the table's answer is checked against
 * the table in the other direction, and against the CURRENT catalogue, since the tool may have gone since the
 * request was built.
 */
export function resolveCall(
  call: ToolCall,
  context: Pick<DispatchContext, "toolset"> & { catalog: DispatchCatalog; removals: RemovalLog },
): Resolution {
  const { toolset, catalog } = context;
  if (call.duplicateId === true) {
    return {
      ok: false,
      outcome: "malformed-call",
      message: `This call reuses the id ${call.id} of an earlier call in the same turn, so it was not run. Make it again with its own id if it is still needed.`,
    };
  }
  if (call.name === "") {
    return { ok: false, outcome: "malformed-call", message: "The call names no tool, so it was not run." };
  }
  const ref = toolset.names.resolve(call.name);
  if (ref === undefined) {
    const earlier = toolset.history?.lookup(call.name);
    return earlier === undefined ? unknownName(call.name, toolset) : goneSince(earlier, context);
  }
  // Invariant 2: the table is a bijection; a name that does not round-trip never reaches a server.
  if (toolset.names.nameOf(ref.server, ref.tool) !== call.name) {
    return {
      ok: false,
      outcome: "unknown-tool",
      message: `The name "${call.name}" did not resolve consistently in the tool table, so it was not run.`,
    };
  }
  // A local tool is looked up in the toolset that carries it, never in the catalogue of servers.
  const local = ref.server === LOCAL_TOOLS_SERVER ? toolset.localTools?.get(ref.tool) : undefined;
  if (ref.server === LOCAL_TOOLS_SERVER && local === undefined) {
    return { ok: false, outcome: "stale-tool", message: localGone(call.name, ref.tool, ""), ...ref };
  }
  const snapshot = local === undefined ? catalog.snapshot() : undefined;
  const entry =
    local !== undefined
      ? { server: LOCAL_TOOLS_SERVER, tool: local.tool }
      : snapshot === undefined
        ? undefined
        : indexOf(snapshot).get(`${ref.server}\u0000${ref.tool}`);
  if (entry === undefined) {
    const withheld = catalog.withheldReason?.(ref.server, ref.tool);
    if (withheld !== undefined) {
      return {
        ok: false,
        outcome: "stale-tool",
        message: `The tool "${call.name}" of server "${ref.server}" was not run: ${withheld}. Do not call it again in this conversation.`,
        ...ref,
      };
    }
    const removal =
      context.removals.lookup(ref.server, ref.tool) ??
      findRemoval(catalog, ref.server, ref.tool, toolset.generation);
    const since =
      toolset.generation === undefined
        ? ""
        : ` (this request's tools were built from catalogue generation ${toolset.generation})`;
    return {
      ok: false,
      outcome: "stale-tool",
      message: staleMessage(call.name, ref, removal, since),
      ...ref,
    };
  }
  if (call.argumentsError !== undefined) {
    return {
      ok: false,
      outcome: "malformed-call",
      message: `The call to "${call.name}" was not run: its ${call.argumentsError}. Send the arguments as one JSON object matching the tool's input schema.`,
      ...ref,
    };
  }
  const args = call.arguments === undefined ? {} : call.arguments;
  if (typeof args !== "object" || args === null || Array.isArray(args)) {
    return {
      ok: false,
      outcome: "malformed-call",
      message: `The call to "${call.name}" was not run: its arguments must be a JSON object.`,
      ...ref,
    };
  }
  let usable = args as Record<string, unknown>;
  // Undo strict mode's "null means not given" where the server's own schema would reject the null.
  if (madeNullable(toolset.entries, ref.server, ref.tool))
    usable = stripStrictNulls(entry.tool.inputSchema, usable);
  return { ok: true, ...ref, entry, arguments: usable, ...(local === undefined ? {} : { local }) };
}

type Entries = DispatchContext["toolset"]["entries"];
const nullableTools = new WeakMap<Entries, Set<string>>();

/** Whether the toolset made some optional property of (server, tool) required-and-nullable. */
function madeNullable(entries: Entries, server: string, tool: string): boolean {
  let set = nullableTools.get(entries);
  if (set === undefined) {
    set = new Set(
      entries
        .filter((entry) => entry.warnings.some((warning) => warning.code === "optional-made-nullable"))
        .map((entry) => `${entry.server}\u0000${entry.tool}`),
    );
    nullableTools.set(entries, set);
  }
  return set.has(`${server}\u0000${tool}`);
}

function unknownName(name: string, toolset: DispatchContext["toolset"]): Resolution {
  const withheld = toolset.entries.find(
    (entry) => entry.status === "quarantined" && looksLike(name, entry.server, entry.tool),
  );
  if (withheld !== undefined) {
    return {
      ok: false,
      outcome: "unknown-tool",
      message: `The tool "${withheld.tool}" of server "${withheld.server}" is not available to you: it was withheld because ${withheld.reason ?? "its definition could not be made valid for this provider"}.`,
      server: withheld.server,
      tool: withheld.tool,
    };
  }
  const shown = name.length <= 200 ? name : `${name.slice(0, 200)}...`;
  const suggestions = closeMatches(
    name,
    toolset.names.entries().map((entry) => entry.name),
    5,
  );
  const hint = suggestions.length === 0 ? "" : ` Did you mean: ${suggestions.join(", ")}?`;
  return {
    ok: false,
    outcome: "unknown-tool",
    message: `There is no tool named "${shown}"; call only the tools you were given.${hint}`,
  };
}

/**
 * Diagnosis only (nothing is dispatched from it): does a called name look like a quarantined tool? Names are
 * built forward from the entry and compared, never parsed.
 */
function looksLike(name: string, server: string, tool: string): boolean {
  const lower = name.toLowerCase();
  const forms = [tool, `${server}__${tool}`, `${server}_${tool}`, `${server}-${tool}`];
  return forms.some(
    (form) => form.toLowerCase() === lower || form.toLowerCase().replace(/[^a-z0-9_-]/g, "_") === lower,
  );
}

/**
 * A name this request's table lacks but an earlier request of the conversation carried: never dispatched (this
 * table is the only way in), but answered for what became of the tool rather than as a name that never existed.
 */
function goneSince(
  earlier: NameSighting,
  context: Pick<DispatchContext, "toolset"> & { catalog: DispatchCatalog; removals: RemovalLog },
): Resolution {
  const { name, server, tool, generation } = earlier;
  const ref = { server, tool };
  const offered =
    generation === undefined
      ? " in an earlier request"
      : ` in an earlier request (built from catalogue generation ${generation})`;
  const isLocal = server === LOCAL_TOOLS_SERVER;
  const snapshot = isLocal ? undefined : context.catalog.snapshot();
  const listed = isLocal
    ? context.toolset.localTools?.has(tool) === true
    : snapshot !== undefined && indexOf(snapshot).has(`${server}\u0000${tool}`);
  if (!listed && isLocal) {
    return { ok: false, outcome: "stale-tool", message: localGone(name, tool, offered), ...ref };
  }
  if (!listed) {
    const removal =
      context.removals.lookup(server, tool) ?? findRemoval(context.catalog, server, tool, generation);
    return {
      ok: false,
      outcome: "stale-tool",
      message: staleMessage(name, ref, removal, `; you were given it${offered}, not in this one`),
      ...ref,
    };
  }
  const withheld = isLocal ? undefined : context.catalog.withheldReason?.(server, tool);
  const renamed = context.toolset.names.nameOf(server, tool);
  const why =
    withheld !== undefined
      ? `it is withheld: ${withheld}`
      : renamed !== undefined
        ? `it is now called "${renamed}"; call it by that name`
        : "it is no longer among the tools you were given";
  return {
    ok: false,
    outcome: "stale-tool",
    message: `The tool "${name}" ${isLocal ? "(a local tool)" : `of server "${server}"`} was not run: you were given it${offered}, and ${why}.${renamed === undefined ? " Do not call it again." : ""}`,
    ...ref,
  };
}

/** A local tool the conversation was given that this request's toolset no longer carries. */
function localGone(name: string, tool: string, offered: string): string {
  const given = offered === "" ? "" : `; you were given it${offered}, not in this one`;
  return `The tool "${name}" is no longer available: the local tool "${tool}" was removed from the tools${given}. Do not call it again.`;
}

function staleMessage(
  name: string,
  ref: { server: string; tool: string },
  removal: Removal | undefined,
  since: string,
): string {
  if (removal === undefined) {
    return `The tool "${name}" is no longer available: server "${ref.server}" no longer lists "${ref.tool}"${since}. Do not call it again.`;
  }
  const when = removal.at === undefined ? "" : ` at ${new Date(removal.at).toISOString()}`;
  return `The tool "${name}" is no longer available: server "${ref.server}" removed "${ref.tool}" from its tools in catalogue generation ${removal.generation}${when}${since}. Do not call it again.`;
}
