// biome-ignore-all lint/suspicious/noTemplateCurlyInString: "${VAR}" is config syntax here, not a mistaken template.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { expandVars } from "./expand-vars.js";

const env = { HOME: "/home/u", EMPTY: "", TOKEN: "t" };

describe("expandVars", () => {
  it.each([
    ["plain text", "npx -y x", "npx -y x"],
    ["${NAME}", "${HOME}/bin", "/home/u/bin"],
    ["two references", "${TOKEN}:${TOKEN}", "t:t"],
    ["default when unset", "${NOPE:-8080}", "8080"],
    ["default when empty", "${EMPTY:-x}", "x"],
    ["empty default", "a${NOPE:-}b", "ab"],
    ["value wins over default", "${TOKEN:-x}", "t"],
    ["set-but-empty without default", "[${EMPTY}]", "[]"],
    ["VS Code ${env:NAME}", "${env:HOME}", "/home/u"],
    ["$${ escape", "$${HOME}", "${HOME}"],
    ["lone dollars stay", "$HOME costs $5 $$", "$HOME costs $5 $$"],
    ["default is literal text", "${NOPE:-$${x}", "$${x"],
  ])("%s", (_name, input, expected) => {
    expect(expandVars(input, env)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ["unset", "${MISSING}", ["environment variable MISSING is not set"]],
    [
      "inherited members do not count as set",
      "${constructor}",
      ["environment variable constructor is not set"],
    ],
    [
      "every unset variable",
      "${A}${B}",
      ["environment variable A is not set", "environment variable B is not set"],
    ],
    ["unterminated", "x${HOME", ['unterminated "${" (write "$${" for a literal "${")']],
    [
      "not a name",
      "${1X}",
      ['invalid variable reference; expected ${NAME} or ${NAME:-default} (write "$${" for a literal "${")'],
    ],
    [
      "VS Code input",
      "${input:key}",
      ['VS Code input variables ("${input:...}") are not supported yet; use an environment variable'],
    ],
  ])("%s is a problem", (_name, input, problems) => {
    expect(expandVars(input, env)).toEqual({ ok: false, problems });
  });

  it("leaves text without $ unchanged", () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.includes("$")),
        (s) => {
          expect(expandVars(s, {})).toEqual({ ok: true, value: s });
        },
      ),
    );
  });

  it("substitutes a value verbatim, never expanding it again", () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        expect(expandVars("<${V}>", { V: value })).toEqual({ ok: true, value: `<${value}>` });
      }),
    );
  });

  it("never puts a value in a problem", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 4 }), fc.string(), (value, text) => {
        const result = expandVars(`${text}\${V}\${MISSING}${text}`, { V: value });
        expect(result.ok).toBe(false);
        if (!result.ok) for (const problem of result.problems) expect(problem.includes(value)).toBe(false);
      }),
    );
  });
});
