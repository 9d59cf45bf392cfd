/**
 * Fuzzing the name table with the names real catalogues throw at it: empty names, every script of Unicode
 * (combining marks, right-to-left text, zero-width joiners, emoji, lone surrogates, NUL and control
 * characters), names of 10,000 characters, names made of separators, case twins (`A` and `a`), and many servers
 * whose tools legalise to the same name. For every provider profile, every emitted name must be legal (pattern
 * and length), unique, and resolve back to exactly its (server, tool). Fixed seed in CI; `npm run fuzz` raises
 * the run count (FUZZ_SCALE) and FUZZ_SEED picks another seed.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PROFILE_IDS, PROFILES } from "../providers/profiles.js";
import { buildNameTable, type NameTableOptions } from "./name-table.js";

const seed = Number(process.env.FUZZ_SEED ?? 20_260_811);
const scale = Number(process.env.FUZZ_SCALE ?? 1);
const runs = (numRuns: number) => ({ seed, numRuns: Math.max(1, Math.round(numRuns * scale)) });

/** Pieces that each break a naive legaliser in some way. */
const piece = fc.constantFrom(
  "",
  "a",
  "A",
  "get",
  "Get",
  "_",
  "__",
  "-",
  ".",
  "/",
  ":",
  " ",
  "\t",
  "\u0000",
  "\u001b[31m",
  "é",
  "e\u0301", // e + combining acute: looks like é, is not
  "ß",
  "İ",
  "Ω",
  "日本",
  "עברית",
  "\u200d",
  "\u200b",
  "\ufeff",
  "😀",
  "👩‍👩‍👧",
  "\ud800",
  "\udc00",
  "1",
  "0x",
  "$",
  "tool.v2/get",
);
const composed = fc.array(piece, { maxLength: 8 }).map((pieces) => pieces.join(""));
const long = fc
  .tuple(piece, fc.integer({ min: 60, max: 10_000 }))
  .map(([unit, length]) => (unit === "" ? "x" : unit).repeat(length).slice(0, length));
const anyName = fc.oneof(
  { weight: 5, arbitrary: composed },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
  { weight: 1, arbitrary: long },
);

/** Many servers sharing few tool names, so that legalised names collide across servers and within one. */
const catalogue = fc
  .tuple(
    fc.uniqueArray(anyName, { minLength: 1, maxLength: 12, size: "max" }),
    fc.uniqueArray(anyName, { minLength: 1, maxLength: 20, size: "max" }),
    fc.integer({ min: 1, max: 200 }),
  )
  .chain(([servers, tools, count]) =>
    fc.array(fc.record({ server: fc.constantFrom(...servers), tool: fc.constantFrom(...tools) }), {
      minLength: 1,
      maxLength: count,
      size: "max",
    }),
  );

const options: fc.Arbitrary<NameTableOptions> = fc.record(
  { separator: fc.oneof(fc.constant("__"), composed), prefix: fc.boolean() },
  { requiredKeys: [] },
);

const key = (server: string, tool: string) => JSON.stringify([server, tool]);

describe("name table fuzz: hostile names, every profile", () => {
  it("every name is legal, unique, and resolves back to its own (server, tool)", () => {
    fc.assert(
      fc.property(catalogue, options, (pairs, naming) => {
        const distinct = new Map(pairs.map((pair) => [key(pair.server, pair.tool), pair]));
        for (const id of PROFILE_IDS) {
          const rule = PROFILES[id].name;
          const pattern = new RegExp(rule.pattern);
          const table = buildNameTable(pairs, rule, naming);
          const names = table.entries().map((entry) => entry.name);
          expect(table.size, id).toBe(distinct.size);
          expect(new Set(names).size, id).toBe(names.length);
          for (const name of names) {
            expect(pattern.test(name), `${id}: ${JSON.stringify(name)}`).toBe(true);
            expect(name.length, id).toBeLessThanOrEqual(rule.maxLength);
          }
          for (const pair of distinct.values()) {
            const name = table.nameOf(pair.server, pair.tool);
            expect(name, id).toBeDefined();
            expect(table.resolve(name!), id).toEqual({ server: pair.server, tool: pair.tool });
          }
          // A name nobody was given resolves to nothing (no prefix is ever parsed back out).
          expect(table.resolve(`${names[0] ?? "x"}_not_in_table`), id).toBeUndefined();
        }
      }),
      runs(40),
    );
  });

  it("case twins and look-alikes stay distinct tools", () => {
    const twins = [
      { server: "s", tool: "get" },
      { server: "s", tool: "Get" },
      { server: "s", tool: "GET" },
      { server: "s", tool: "é" },
      { server: "s", tool: "e\u0301" },
      { server: "s", tool: "g\u200bet" },
      { server: "S", tool: "get" },
      { server: "s.", tool: "get" },
      { server: "s", tool: ".get" },
    ];
    for (const id of PROFILE_IDS) {
      const table = buildNameTable(twins, PROFILES[id].name);
      const names = twins.map((pair) => table.nameOf(pair.server, pair.tool));
      expect(new Set(names).size, id).toBe(twins.length);
      twins.forEach((pair, index) => {
        expect(table.resolve(names[index]!), id).toEqual(pair);
      });
    }
  });
});
