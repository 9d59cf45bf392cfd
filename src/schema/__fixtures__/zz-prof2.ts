import { readFileSync } from "node:fs";
import { repairSchema } from "../index.js";
const lines = readFileSync("/work/shared/data/smithery/tools.jsonl", "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));
let slow: [number, string][] = [];
for (const x of lines) { const t = performance.now(); repairSchema(x.inputSchema, "anthropic"); slow.push([performance.now() - t, x.name]); }
slow.sort((a, b) => b[0] - a[0]); console.log(slow.slice(0, 8), slow.reduce((s, x) => s + x[0], 0));
