/**
 * Prompt names as the gateway shows them: every prompt is namespaced by its server through the same name table
 * the `mcp` target uses for tools (`server__prompt`, legal and unique), so two servers' prompts can never collide
 * and `prompts/get` resolves by table lookup.
 */
import type { CatalogPrompt } from "../catalog/types.js";
import { buildNameTable } from "../naming/name-table.js";
import { TARGETS } from "../providers/targets.js";

export interface DownstreamPrompt extends Omit<CatalogPrompt, "server"> {}

export interface PromptTable {
  /** Sorted by downstream name. */
  readonly prompts: readonly DownstreamPrompt[];
  resolve(name: string): { server: string; prompt: string } | undefined;
}

export function buildPromptTable(prompts: readonly CatalogPrompt[]): PromptTable {
  const names = buildNameTable(
    prompts.map((prompt) => ({ server: prompt.server, tool: prompt.name })),
    TARGETS.mcp.profile.name,
  );
  const listed: DownstreamPrompt[] = [];
  for (const prompt of prompts) {
    const { server, ...rest } = prompt;
    const name = names.nameOf(server, prompt.name);
    if (name !== undefined) listed.push({ ...rest, name });
  }
  listed.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return {
    prompts: listed,
    resolve(name) {
      const ref = names.resolve(name);
      return ref === undefined ? undefined : { server: ref.server, prompt: ref.tool };
    },
  };
}
