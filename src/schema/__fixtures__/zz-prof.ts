import { readFileSync } from "node:fs";
import { repairSchema } from "../index.js";

const lines = readFileSync("/work/shared/data/smithery/tools.jsonl", "utf8")
  .split("\n")
  .filter(Boolean)
  .map((l) => JSON.parse(l));
for (const d of ["anthropic", "gemini-openapi"] as const)
  for (let k = 0; k < 3; k++) {
    const t = performance.now();
    for (const x of lines) repairSchema(x.inputSchema, d);
    console.log(d, Math.round(performance.now() - t));
  }
