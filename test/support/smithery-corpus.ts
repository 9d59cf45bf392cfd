import { readFileSync } from "node:fs";
import type { JsonObject } from "../../src/spec/json.js";
import type { ServerTool } from "../../src/spec/tool.js";
import { sharedDataFile } from "./shared-data.js";

/** The Smithery dev split (8,245 real tools from 613 servers) as catalogue tools, in file order. */
export function smitheryCorpus(): ServerTool[] {
  return readFileSync(sharedDataFile("smithery", "tools.jsonl"), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const row = JSON.parse(line) as {
        server: string;
        name: string;
        description?: string;
        inputSchema: JsonObject;
      };
      return {
        server: row.server,
        tool: {
          name: row.name,
          ...(row.description === undefined ? {} : { description: row.description }),
          inputSchema: row.inputSchema,
        },
      };
    });
}
