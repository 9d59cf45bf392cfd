import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TARGETS, type TargetId } from "../providers/targets.js";
import type { ServerTool } from "../spec/tool.js";
import { buildToolset } from "./build-toolset.js";

// Names an object literal already "has": copying by assignment or reading `obj[name]` goes wrong on them.
const inherited = [
  "__proto__",
  "constructor",
  "toString",
  "valueOf",
  "hasOwnProperty",
  "isPrototypeOf",
  "__defineGetter__",
];
const name = fc.oneof(fc.constantFrom(...inherited), fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/));
const leaf = fc.constantFrom(
  { type: "string" },
  { type: "number" },
  { type: "boolean" },
  { type: "integer" },
);

describe("property and definition names that objects inherit", () => {
  it("survive translation for every target (property, fixed seed)", () => {
    fc.assert(
      fc.property(fc.uniqueArray(name, { minLength: 1, maxLength: 5 }), leaf, (names, type) => {
        // Built as JSON text, as a server's listing arrives: JSON.parse makes every name an own property.
        const object = (entries: [string, string][]) =>
          `{${entries.map(([key, text]) => `${JSON.stringify(key)}:${text}`).join(",")}}`;
        const properties = object(names.map((key) => [key, JSON.stringify(type)]));
        const defs = object(names.map((key) => [key, `{"type":"object","properties":${properties}}`]));
        const nested = `{"$ref":${JSON.stringify(`#/$defs/${names[0]}`)}}`;
        const flat = `{"type":"object","properties":${properties}}`;
        const schema = `{"type":"object","$defs":${defs},"properties":{"nested":${nested},"flat":${flat}}}`;
        const tool = JSON.parse(`{"name":"t","inputSchema":${schema}}`) as ServerTool["tool"];
        for (const target of Object.keys(TARGETS) as TargetId[]) {
          const toolset = buildToolset([{ server: "s", tool }], target);
          expect(toolset.entries[0]?.status, target).not.toBe("quarantined");
          for (const key of names)
            expect(toolset.json, `${target}: ${key}`).toContain(`${JSON.stringify(key)}:{`);
        }
      }),
      { seed: 20261130, numRuns: 60 },
    );
  });
});
