import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PROFILE_IDS, PROFILES } from "../providers/profiles.js";
import { legaliseName } from "./legalise-name.js";
import { buildNameTable, type NameTableOptions, type ToolRef } from "./name-table.js";

const profiles = PROFILE_IDS.map((id) => [id, PROFILES[id].name] as const);

/** Short strings from an alphabet of separators, mappable characters and lone surrogates: collisions galore. */
const separatorHeavy = fc
  .array(fc.constantFrom("_", "__", "-", ".", ":", "/", " ", "a", "B", "1", "é", "\uD800", "\uDC00"), {
    maxLength: 10,
  })
  .map((parts) => parts.join(""));
/** Up to 10,000 characters of one unit, sometimes cut mid surrogate pair. */
const longName = fc
  .tuple(fc.constantFrom("a", "_", ".", "é", "😀", "ab", "1"), fc.integer({ min: 50, max: 10_000 }))
  .map(([unit, length]) => unit.repeat(length).slice(0, length));
const anyName = fc.oneof(
  { weight: 4, arbitrary: separatorHeavy },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 12 }) },
  { weight: 2, arbitrary: fc.stringMatching(/^[a-z]{1,4}$/) },
  { weight: 1, arbitrary: fc.constant("") },
  { weight: 1, arbitrary: longName },
);
const pairs = fc.array(fc.record({ server: anyName, tool: anyName }), { maxLength: 16 });

/** Pairs plus options whose aliases name some of the generated servers. */
const tableInput = pairs.chain((entries) => {
  const servers = [...new Set(entries.map((entry) => entry.server))];
  const aliases = fc
    .subarray(servers)
    .chain((chosen) => fc.tuple(...chosen.map((server) => fc.tuple(fc.constant(server), anyName))))
    .map((list) => Object.fromEntries(list));
  const options: fc.Arbitrary<NameTableOptions> = fc.record(
    { separator: fc.oneof(fc.constant("__"), separatorHeavy), aliases, prefix: fc.boolean() },
    { requiredKeys: [] },
  );
  return fc.record({ entries: fc.constant(entries), options });
});

const key = ({ server, tool }: ToolRef) => JSON.stringify([server, tool]);
const runs = { numRuns: 100 };

describe("name table properties (every profile)", () => {
  it("emits legal names, injectively, that resolve back to their pair", () => {
    fc.assert(
      fc.property(tableInput, ({ entries, options }) => {
        const distinct = new Set(entries.map(key));
        for (const [id, rule] of profiles) {
          const table = buildNameTable(entries, rule, options);
          const pattern = new RegExp(rule.pattern);
          const names = table.entries().map((entry) => entry.name);
          expect(table.size, id).toBe(distinct.size);
          expect(new Set(names).size, id).toBe(distinct.size);
          for (const name of names) expect(pattern.test(name), `${id}: ${name}`).toBe(true);
          for (const pair of entries) {
            const name = table.nameOf(pair.server, pair.tool);
            expect(name, id).toBeDefined();
            expect(table.resolve(name!), id).toEqual({ server: pair.server, tool: pair.tool });
          }
        }
      }),
      runs,
    );
  });

  it("keeps the tool's own legal name whenever it fits beside a short disambiguator", () => {
    fc.assert(
      fc.property(tableInput, ({ entries, options }) => {
        if (options.prefix === false) return;
        for (const [id, rule] of profiles) {
          const table = buildNameTable(entries, rule, options);
          const illegal = new RegExp(`[^${rule.allowedChars}]`, "gu");
          const separator = (options.separator ?? "__").replace(illegal, "_");
          for (const { server, tool } of entries) {
            const own = tool.replace(illegal, "_");
            // "_" + 8 hash digits + the separator, and one character a name may start with.
            if (own.length + separator.length + 10 > rule.maxLength) continue;
            expect(table.nameOf(server, tool), `${id}: ${JSON.stringify([server, tool])}`).toContain(own);
          }
        }
      }),
      runs,
    );
  });

  it("does not depend on input order or on duplicates", () => {
    const shuffled = tableInput.chain(({ entries, options }) =>
      fc.record({
        entries: fc.constant(entries),
        options: fc.constant(options),
        reordered: fc.shuffledSubarray(entries, { minLength: entries.length, maxLength: entries.length }),
        repeated: fc.subarray(entries),
      }),
    );
    fc.assert(
      fc.property(shuffled, ({ entries, options, reordered, repeated }) => {
        for (const [id, rule] of profiles) {
          const a = buildNameTable(entries, rule, options);
          const b = buildNameTable([...repeated, ...reordered], rule, options);
          expect(b.entries(), id).toEqual(a.entries());
          expect(b.warnings, id).toEqual(a.warnings);
        }
      }),
      runs,
    );
  });

  it("leaves legal, fitting, distinct bare names unchanged (prefix: false)", () => {
    const universal = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_-]{0,63}$/);
    const input = fc.uniqueArray(fc.tuple(anyName, universal), {
      selector: ([, tool]) => tool,
      maxLength: 20,
    });
    fc.assert(
      fc.property(input, (list) => {
        const entries = list.map(([server, tool]) => ({ server, tool }));
        for (const [id, rule] of profiles) {
          const table = buildNameTable(entries, rule, { prefix: false });
          for (const { server, tool } of entries) expect(table.nameOf(server, tool), id).toBe(tool);
          expect(table.warnings, id).toEqual([]);
        }
      }),
      runs,
    );
  });

  it("does not rename existing tools when an unrelated server is added", () => {
    const existing = fc.array(
      fc.record({ server: anyName.filter((server) => !server.startsWith("z")), tool: anyName }),
      { maxLength: 12 },
    );
    const added = fc.array(fc.record({ server: anyName.map((server) => `zz${server}`), tool: anyName }), {
      minLength: 1,
      maxLength: 6,
    });
    fc.assert(
      fc.property(existing, added, (before, extra) => {
        for (const [id, rule] of profiles) {
          const small = buildNameTable(before, rule);
          const large = buildNameTable([...before, ...extra], rule);
          for (const { server, tool } of before) {
            expect(large.nameOf(server, tool), id).toBe(small.nameOf(server, tool));
          }
        }
      }),
      runs,
    );
  });

  it("legaliseName is legal and idempotent on any string", () => {
    fc.assert(
      fc.property(anyName, (raw) => {
        for (const [id, rule] of profiles) {
          const once = legaliseName(raw, rule).name;
          expect(new RegExp(rule.pattern).test(once), id).toBe(true);
          expect(legaliseName(once, rule), id).toEqual({ name: once, warnings: [] });
        }
      }),
      { numRuns: 300 },
    );
  });
});
