/**
 * Temporary A/B of the index build: the previous pipeline (bench/search-build-reference/, a copy) against the
 * current one, interleaved in one process so a loaded machine slows both alike; CPU ms per build of 10,000 tools,
 * and a check that both return the same hits for ToolLens queries. Run: `node --import tsx bench/search-build-compare.ts`.
 */
import { readFileSync } from "node:fs";
import { parseJsonl, readQueries, readTools } from "../src/search/eval-data.js";
import { createToolIndex } from "../src/search/tool-index.js";
import { parameterText } from "../src/search/tool-text.js";
import { sharedDataFile } from "../test/support/shared-data.js";
import { median } from "./run.js";
import { createToolIndex as createReferenceIndex } from "./search-build-reference/tool-index.js";
import { parameterText as referenceParameterText } from "./search-build-reference/tool-text.js";

function load(dataset: string, file: string): unknown[] {
  const path = sharedDataFile(dataset, file);
  return parseJsonl(readFileSync(path, "utf8"), path);
}
const smithery = readTools(load("smithery", "tools.jsonl"), "smithery");
const shared = [
  ...smithery,
  ...["toollens", "metatool", "mcptoolbench-pp"].flatMap((name) =>
    readTools(load(name, "tools.jsonl"), name),
  ),
];
const tools = [
  ...shared,
  ...smithery.slice(0, 10_000 - shared.length).map((item) => ({ ...item, server: `${item.server}-copy` })),
];
const queries = readQueries(load("toollens", "queries.jsonl"), "toollens").slice(0, 500);

function cpu(build: () => unknown): number {
  const before = process.cpuUsage();
  build();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

createReferenceIndex(smithery.slice(0, 500));
createToolIndex(smithery.slice(0, 500));
const rounds = Number(process.argv[2] ?? 7);
const old: number[] = [];
const now: number[] = [];
for (let round = 0; round < rounds; round += 1) {
  old.push(cpu(() => createReferenceIndex(tools)));
  now.push(cpu(() => createToolIndex(tools)));
}
const a = createReferenceIndex(tools);
const b = createToolIndex(tools);
let differing = 0;
for (const query of queries) {
  if (JSON.stringify(a.search(query.query, 10)) !== JSON.stringify(b.search(query.query, 10))) differing += 1;
}
const paramsDiffer = tools.filter(
  (item) => parameterText(item.tool.inputSchema) !== referenceParameterText(item.tool.inputSchema),
).length;
console.log(
  `${tools.length} tools, ${rounds} rounds: old cpu median ${median(old).toFixed(0)} ms [${old.map(Math.round).join(", ")}]; ` +
    `new ${median(now).toFixed(0)} ms [${now.map(Math.round).join(", ")}]; queries with different hits: ${differing}/${queries.length}; tools whose parameter text differs: ${paramsDiffer}`,
);
