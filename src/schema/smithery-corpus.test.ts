import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import type { SchemaDialect } from "../spec/provider-profile.js";
import { DIALECTS, providerErrors, STRICT_DIALECTS } from "./__fixtures__/provider-check.js";
import { repairSchema } from "./index.js";

/** The Smithery dev split (8,245 real MCP tools), kept next to the repository (../shared/data, read-only). */
const CORPUS = fileURLToPath(new URL("../../../shared/data/smithery/tools.jsonl", import.meta.url));

function loadSchemas(): unknown[] {
  if (!existsSync(CORPUS)) {
    throw new Error(
      `Smithery corpus not found at ${CORPUS}: this test needs ../shared/data/smithery/tools.jsonl`,
    );
  }
  return readFileSync(CORPUS, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => (JSON.parse(line) as { inputSchema: unknown }).inputSchema);
}

interface Tally {
  ok: number;
  quarantined: number;
  rejected: number;
  ms: number;
  codes: Map<string, number>;
}

const schemas = loadSchemas();
const tallies = new Map<SchemaDialect, Tally>();

afterAll(() => {
  const rows = [...tallies].map(([dialect, t]) => {
    const share = ((100 * t.quarantined) / schemas.length).toFixed(2);
    return `${dialect.padEnd(19)} ${String(t.ok).padStart(5)} ${String(t.quarantined).padStart(5)} (${share}%) ${String(t.rejected).padStart(4)} ${String(Math.round(t.ms)).padStart(6)} ms`;
  });
  const codes = new Set([...tallies.values()].flatMap((t) => [...t.codes.keys()]));
  const header = `${"code".padEnd(34)}${[...tallies.keys()].map((d) => d.slice(0, 10).padStart(11)).join("")}`;
  const codeRows = [...codes].sort().map((code) => {
    const counts = [...tallies.values()].map((t) => String(t.codes.get(code) ?? 0).padStart(11));
    return `${code.padEnd(34)}${counts.join("")}`;
  });
  console.log(
    [
      `Smithery corpus: ${schemas.length} tools`,
      `${"dialect".padEnd(19)} ${"ok".padStart(5)} quarantined  rej  repair time`,
      ...rows,
      "",
      "warnings per code",
      header,
      ...codeRows,
    ].join("\n"),
  );
});

describe("Smithery corpus (8,245 real inputSchemas)", () => {
  it("has the dev split", () => {
    expect(schemas.length).toBe(8245);
  });

  it.each(DIALECTS)(
    "repairs every tool for %s; the provider validator accepts every repaired schema",
    (dialect) => {
      const tally: Tally = { ok: 0, quarantined: 0, rejected: 0, ms: 0, codes: new Map() };
      const started = performance.now();
      const results = schemas.map((schema) => repairSchema(schema, dialect));
      tally.ms = performance.now() - started;
      const rejections: string[] = [];
      results.forEach((result, index) => {
        for (const warning of result.warnings)
          tally.codes.set(warning.code, (tally.codes.get(warning.code) ?? 0) + 1);
        if (!result.ok) {
          tally.quarantined += 1;
          expect(result.reason).toMatch(STRICT_DIALECTS.has(dialect) ? /^cannot be made strict: / : /./);
          return;
        }
        tally.ok += 1;
        const errors = providerErrors(dialect, result.schema);
        if (errors.length > 0) {
          tally.rejected += 1;
          rejections.push(`#${index}: ${errors[0]}`);
        }
      });
      tallies.set(dialect, tally);
      expect(rejections.slice(0, 5)).toEqual([]);
      if (!STRICT_DIALECTS.has(dialect)) expect(tally.quarantined / schemas.length).toBeLessThan(0.001);
    },
  );
});
