import { readFileSync } from "node:fs";
import { sharedDataFile } from "./shared-data.js";

/**
 * Test support: one real tool definition from the Smithery corpus (see shared/data/smithery/SOURCE.md),
 * read at test time rather than copied into the repository, because the corpus may not be republished.
 */
export interface SmitheryTool {
  server: string;
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

export function smitheryTool(server: string, name: string): SmitheryTool {
  const text = readFileSync(sharedDataFile("smithery", "tools.jsonl"), "utf8");
  for (const line of text.split("\n")) {
    if (!line.includes(`"${name}"`)) continue;
    const tool = JSON.parse(line) as SmitheryTool;
    if (tool.server === server && tool.name === name) return tool;
  }
  throw new Error(`Smithery tool ${server} ${name} not found in the shared Smithery corpus`);
}
