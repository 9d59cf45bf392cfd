import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { linearRegExpEngine } from "./linear-regexp.js";

function compile(schema: object, onUnenforced?: (pattern: string, reason: string) => void) {
  const ajv = new Ajv2020({
    strict: false,
    allErrors: true,
    code: { regExp: linearRegExpEngine(onUnenforced) },
  });
  return ajv.compile(schema);
}

describe("linearRegExpEngine", () => {
  it("gives JavaScript's verdicts on the patterns schemas use", () => {
    const cases: [string, string][] = [
      ["^[a-z0-9-]+$", "ab-1"],
      ["^[a-z0-9-]+$", "AB"],
      ["^\\d{4}-\\d{2}-\\d{2}$", "2024-01-02"],
      ["^\\u00e9+$", "éé"],
      ["^(?<year>\\d{4})$", "2024"],
      ["^\\p{Lu}", "Abc"],
      ["^\\p{Lu}", "abc"],
      ["^[\\w.-]+@[\\w-]+\\.\\w+$", "a.b@c-d.ef"],
      ["^\\/api", "/api/x"],
      ["\\u{1F600}", "say 😀"],
      ["^.$", "😀"],
      ["(?<=a)b", "ab"],
      ["(?<!a)b", "ab"],
    ];
    const engine = linearRegExpEngine();
    for (const [pattern, text] of cases) {
      expect(engine(pattern, "u").test(text), `${pattern} on ${text}`).toBe(
        new RegExp(pattern, "u").test(text),
      );
    }
  });

  it("rejects `^(a+)+$` on 10,000 a's and a '!' at once, where backtracking takes 2^n steps", () => {
    const validate = compile({ type: "string", pattern: "^(a+)+$" });
    const started = performance.now();
    expect(validate(`${"a".repeat(10_000)}!`)).toBe(false);
    expect(validate.errors?.[0]?.message).toBe('must match pattern "^(a+)+$"');
    expect(validate("a".repeat(10_000))).toBe(true);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("keeps each pattern apart, in properties and patternProperties alike", () => {
    const validate = compile({
      type: "object",
      properties: { a: { type: "string", pattern: "^a+$" }, b: { type: "string", pattern: "^b+$" } },
      patternProperties: { "^x-(a+)+$": { type: "number" } },
    });
    expect(validate({ a: "aa", b: "bb" })).toBe(true);
    expect(validate({ a: "bb" })).toBe(false);
    expect(validate({ b: "aa" })).toBe(false);
    expect(validate({ "x-aaa": 1 })).toBe(true);
    expect(validate({ "x-aaa": "one" })).toBe(false);
    expect(validate({ [`x-${"a".repeat(5_000)}!`]: "unmatched key, not checked" })).toBe(true);
  });

  it("does not enforce a pattern that needs backtracking, and says so", () => {
    const skipped: string[] = [];
    const validate = compile(
      {
        type: "object",
        properties: { twice: { type: "string", pattern: "^(a+)\\1$" }, ahead: { pattern: "^(?=x)" } },
      },
      (pattern, reason) => skipped.push(`${pattern}: ${reason}`),
    );
    expect(validate({ twice: "ab", ahead: "y" })).toBe(true);
    expect(skipped).toHaveLength(2);
    expect(skipped[0]).toMatch(/^\^\(a\+\)\\1\$: .*\\1/);
    expect(skipped[1]).toMatch(/^\^\(\?=x\): .*\(\?=/);
  });

  it("fails the schema on a pattern JavaScript rejects, as ajv's own engine does", () => {
    expect(() => compile({ type: "string", pattern: "[" })).toThrow(/Invalid regular expression/);
  });
});
