/**
 * Readers for the retrieval data sets' JSONL formats (shared/data/: MetaTool, ToolLens, MCPToolBench++, Smithery).
 * A tools line is `{server, name, description?, inputSchema?}` (extra keys ignored); a queries line is
 * `{id, query, gold: [{server, tool, alternative?}]}`.
 */
import { createHash } from "node:crypto";
import { SwitchboardError } from "../errors.js";
import type { JsonObject } from "../spec/json.js";
import type { ServerTool } from "../spec/tool.js";
import { toolKey } from "./tool-index.js";

export interface EvalQuery {
  id: string;
  query: string;
  /**
   * Gold tools grouped: each group is one needed tool and the tools interchangeable with it. A group is hit
   * when any of its keys is retrieved. A gold entry marked `alternative: true` joins the group of the nearest
   * preceding entry that is not an alternative (MCPToolBench++ lists the labelled call first, then its
   * `similar_tools`).
   */
  groups: string[][];
}

const EMPTY_SCHEMA: JsonObject = { type: "object", properties: {} };

/** Parses JSONL text, naming the file and line of the first bad line. */
export function parseJsonl(text: string, file: string): unknown[] {
  const rows: unknown[] = [];
  const lines = text.split("\n");
  lines.forEach((line, index) => {
    if (line.trim() === "") return;
    try {
      rows.push(JSON.parse(line));
    } catch (error) {
      throw new SwitchboardError("USAGE", `${file}:${index + 1}: not JSON (${(error as Error).message})`, {
        cause: error,
      });
    }
  });
  return rows;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Tools lines → catalogue tools. A missing or null `inputSchema` becomes an empty object schema (MetaTool has
 * none). A repeated (server, name) keeps its first occurrence.
 */
export function readTools(rows: readonly unknown[], file: string): ServerTool[] {
  const seen = new Set<string>();
  const tools: ServerTool[] = [];
  rows.forEach((row, index) => {
    if (!isRecord(row) || typeof row.server !== "string" || typeof row.name !== "string") {
      throw new SwitchboardError("USAGE", `${file}: row ${index + 1} needs string "server" and "name"`);
    }
    const key = toolKey(row.server, row.name);
    if (seen.has(key)) return;
    seen.add(key);
    tools.push({
      server: row.server,
      tool: {
        name: row.name,
        ...(typeof row.description === "string" ? { description: row.description } : {}),
        ...(typeof row.title === "string" ? { title: row.title } : {}),
        inputSchema: isRecord(row.inputSchema) ? (row.inputSchema as JsonObject) : EMPTY_SCHEMA,
      },
    });
  });
  return tools;
}

export function readQueries(rows: readonly unknown[], file: string): EvalQuery[] {
  return rows.map((row, index) => {
    if (!isRecord(row) || typeof row.query !== "string" || !Array.isArray(row.gold)) {
      throw new SwitchboardError("USAGE", `${file}: row ${index + 1} needs string "query" and array "gold"`);
    }
    const groups: string[][] = [];
    for (const gold of row.gold) {
      if (!isRecord(gold) || typeof gold.server !== "string" || typeof gold.tool !== "string") {
        throw new SwitchboardError(
          "USAGE",
          `${file}: row ${index + 1} has a gold entry without server and tool`,
        );
      }
      const key = toolKey(gold.server, gold.tool);
      const last = groups[groups.length - 1];
      if (gold.alternative === true && last !== undefined) last.push(key);
      else groups.push([key]);
    }
    return { id: typeof row.id === "string" ? row.id : String(index), query: row.query, groups };
  });
}

/**
 * `limit` distractor tools in a fixed pseudo-random order (SHA-1 of server and name), so a prefix of the pool
 * is a fair sample rather than the alphabetically first servers. Tools whose key is already in the catalogue
 * are skipped.
 */
export function pickDistractors(
  pool: readonly ServerTool[],
  catalogue: readonly ServerTool[],
  limit: number = Number.POSITIVE_INFINITY,
): ServerTool[] {
  const taken = new Set(catalogue.map((item) => toolKey(item.server, item.tool.name)));
  return pool
    .filter((item) => !taken.has(toolKey(item.server, item.tool.name)))
    .map((item) => ({
      item,
      order: createHash("sha1").update(toolKey(item.server, item.tool.name)).digest("hex"),
    }))
    .sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0))
    .slice(0, limit)
    .map(({ item }) => item);
}
