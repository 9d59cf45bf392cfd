/**
 * Fuzzing what a hostile server can make the host compute: catastrophic-backtracking `pattern`s in input and
 * output schemas, checked against strings built to trip them, and long one-word descriptions of every shape,
 * counted for the token estimate. Every check must finish in bounded time (the event loop is the host's only
 * thread), and on strings short enough for a backtracking engine to finish, give JavaScript's own verdict. Fixed
 * seed in CI; `npm run fuzz` raises the run count (FUZZ_SCALE) and FUZZ_SEED picks another seed.
 */
import type { JsonSchemaType } from "@modelcontextprotocol/client";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { linearJsonSchemaValidator } from "../connect/linear-json-schema-validator.js";
import { estimateToolsetTokens } from "../cost/estimate-tokens.js";
import { argumentProblems } from "../toolsearch/validate-arguments.js";
import { buildToolset } from "../toolset/build-toolset.js";

const seed = Number(process.env.FUZZ_SEED ?? 20_261_201);
const scale = Number(process.env.FUZZ_SCALE ?? 1);
const runs = (numRuns: number) => ({ seed, numRuns: Math.max(1, Math.round(numRuns * scale)) });

/** Patterns a backtracking engine takes exponential or high-polynomial time to reject on the right input. */
const evilPattern = fc.constantFrom(
  "^(a+)+$",
  "^(a|a)+$",
  "^(a|aa)+$",
  "^([a-z]+)*$",
  "^(a*)*b$",
  "(x+x+)+y",
  "^(\\w+\\s?)*$",
  "^(([a-z])+.)+[A-Z]([a-z])+$",
);
/** A run of one character then a character that fails the match. */
const trap = (length: number) =>
  fc
    .tuple(fc.constantFrom("a", "x", "ab", "a "), fc.constantFrom("!", "#", "", "\u0000"))
    .map(([unit, tail]) => `${unit.repeat(Math.ceil(length / unit.length))}${tail}`);

function timedMs(work: () => void): number {
  const started = performance.now();
  work();
  return performance.now() - started;
}

describe("backtracking patterns from a server", () => {
  it("run in bounded time in call_tool argument checks and structuredContent checks", () => {
    const output = linearJsonSchemaValidator();
    fc.assert(
      fc.property(evilPattern, trap(2_000), (pattern, text) => {
        const schema = { type: "object", properties: { text: { type: "string", pattern } } } as const;
        let problems: string[] | undefined;
        let valid: boolean | undefined;
        const ms = timedMs(() => {
          problems = argumentProblems(schema, { text });
          valid = output.getValidator(schema as JsonSchemaType)({ text }).valid;
        });
        expect(ms, pattern).toBeLessThan(2_000);
        expect(problems === undefined).toBe(valid);
      }),
      runs(60),
    );
  });

  it("give JavaScript's verdict where JavaScript can still finish", () => {
    fc.assert(
      fc.property(evilPattern, fc.integer({ min: 0, max: 14 }).chain(trap), (pattern, text) => {
        const schema = { type: "object", properties: { text: { type: "string", pattern } } } as const;
        const native = new RegExp(pattern, "u").test(text);
        expect(argumentProblems(schema, { text }) === undefined, `${pattern} on ${text}`).toBe(native);
      }),
      runs(200),
    );
  });
});

describe("long one-word descriptions from a server", () => {
  const word = fc
    .tuple(
      fc.constantFrom("a", "Z", "中", "!", " ", "\u0301", "😀", "ab", "Ab"),
      fc.integer({ min: 300, max: 400_000 }),
    )
    .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)));

  it("are counted for the estimate in bounded time", () => {
    fc.assert(
      fc.property(word, (description) => {
        const toolset = buildToolset(
          [{ server: "wordy", tool: { name: "t", description, inputSchema: { type: "object" } } }],
          "openai-chat",
        );
        let tokens = 0;
        const ms = timedMs(() => {
          tokens = estimateToolsetTokens(toolset, { model: "gpt-4.1" }).toolTokens;
        });
        expect(ms).toBeLessThan(10_000);
        // Every token is at most a few dozen characters of a run like this, and at least one.
        expect(tokens).toBeGreaterThan(description.length / 200);
      }),
      runs(25),
    );
  }, 300_000);
});
