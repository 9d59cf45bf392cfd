/**
 * Builds the `tools` arrays of the search modes out of already-translated definitions, so a tool that joins the
 * array carries exactly the bytes (and name) it has in the full translation that search and dispatch use.
 */
import { createHash } from "node:crypto";
import { providerModule } from "../providers/registry.js";
import type { TargetId } from "../providers/targets.js";
import { FACADE_TOOLS } from "../search/facade-tools.js";
import {
  type BuildToolsetOptions,
  buildToolset,
  type Toolset,
  type ToolsetEntry,
} from "../toolset/build-toolset.js";

/** The pseudo-server the facade's own tools are reported under (it never reaches dispatch). */
export const FACADE_SERVER = "switchboard";

type CacheControl = NonNullable<BuildToolsetOptions["cacheControl"]>;

/** The facade pair translated for a target; byte-identical for every catalogue. */
export function facadeToolset(target: TargetId): Toolset {
  return buildToolset(
    FACADE_TOOLS.map((tool) => ({ server: FACADE_SERVER, tool })),
    target,
    { naming: { prefix: false } },
  );
}

/** Each emitted tool's own wire definition, by emitted name, without any cache breakpoint. */
export function wireByName(toolset: Toolset): Map<string, Record<string, unknown>> {
  const items = perToolWire(toolset);
  const emitted = toolset.entries.filter((entry) => entry.status === "ok");
  const out = new Map<string, Record<string, unknown>>();
  emitted.forEach((entry, index) => {
    const item = items[index];
    if (entry.name === undefined || item === undefined) return;
    const { cache_control: _dropped, ...rest } = item as Record<string, unknown>;
    out.set(entry.name, rest);
  });
  return out;
}

function perToolWire(toolset: Toolset): unknown[] {
  return providerModule(toolset.target.wire).layout.definitions(toolset.tools);
}

export interface Composed {
  tools: Toolset["tools"];
  json: string;
  hash: string;
}

/** One array of definitions in the target's wrapping (Gemini: one `functionDeclarations` list). */
export function composeArray(
  wire: Toolset["target"]["wire"],
  items: readonly Record<string, unknown>[],
  cacheControl?: CacheControl,
): Composed {
  const module = providerModule(wire);
  const marked =
    module.cacheBreakpoints && cacheControl !== undefined && items.length > 0
      ? items.map((item, index) =>
          index === items.length - 1 ? { ...item, cache_control: cacheControl } : item,
        )
      : items;
  const tools = module.layout.wrap(marked);
  const json = JSON.stringify(tools);
  // The items are the target's own definitions (and, in native mode, its provider's tool-search entries).
  return { tools: tools as Toolset["tools"], json, hash: createHash("sha256").update(json).digest("hex") };
}

export function emittedEntries(toolset: Toolset, names: ReadonlySet<string>): ToolsetEntry[] {
  return toolset.entries.filter((entry) => entry.name !== undefined && names.has(entry.name));
}
