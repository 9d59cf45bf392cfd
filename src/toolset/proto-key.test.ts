import { describe, expect, it } from "vitest";
import { TARGETS, type TargetId } from "../providers/targets.js";
import type { ServerTool } from "../spec/tool.js";
import { buildToolset } from "./build-toolset.js";

// JSON.parse makes `__proto__` an own property; code that copies by assignment turns it into a prototype instead.
const tool = JSON.parse(
  '{"name":"t","inputSchema":{"type":"object","properties":{"__proto__":{"type":"string"},"a":{"type":"number"}},"required":["__proto__"]}}',
) as ServerTool["tool"];

// Inherited names as definitions and properties: a lookup that reads `defs[name]` finds Object.prototype members.
const inherited = JSON.parse(
  '{"name":"u","inputSchema":{"type":"object","$defs":{"__proto__":{"type":"object","properties":{"constructor":{"type":"string"}}}},"properties":{"x":{"$ref":"#/$defs/__proto__"},"toString":{"type":"number"}}}}',
) as ServerTool["tool"];

// What a server's listing looks like after the MCP SDK's parser: `__proto__` gone from properties, kept in required.
const dropped = JSON.parse(
  '{"name":"v","inputSchema":{"type":"object","properties":{"a":{"type":"number"},"o":{"type":"object","properties":{"b":{"type":"string"}},"required":["__proto__","b"]}},"required":["__proto__","a","ghost"]}}',
) as ServerTool["tool"];

describe("a property named __proto__", () => {
  it.each(Object.keys(TARGETS) as TargetId[])("survives translation for %s", (target) => {
    const toolset = buildToolset([{ server: "s", tool }], target);
    expect(toolset.json).toContain('"__proto__":{"type":"string"}');
    expect(toolset.json).toContain('"required":["__proto__"');
  });

  it.each(Object.keys(TARGETS) as TargetId[])(
    "a $def named __proto__ and inherited names survive for %s",
    (target) => {
      const toolset = buildToolset([{ server: "s", tool: inherited }], target);
      expect(toolset.entries[0]?.status).toBe("ok");
      expect(toolset.json).toContain('"constructor":{"type":');
      expect(toolset.json).toContain('"toString":{"type":');
    },
  );

  it.each(Object.keys(TARGETS) as TargetId[])(
    "a required name without a property (__proto__ dropped by a parser) leaves required, with a warning, for %s",
    (target) => {
      const toolset = buildToolset([{ server: "s", tool: dropped }], target);
      expect(toolset.entries[0]?.status).toBe("ok");
      expect(toolset.json).not.toContain("__proto__");
      expect(toolset.json).not.toContain("ghost");
      expect(toolset.json).toMatch(/"required":\["a"/);
      expect(toolset.json).toMatch(/"required":\["b"/);
      const warnings = toolset.entries[0]?.warnings.filter((warning) => warning.code === "required-fixed");
      expect(warnings?.map((warning) => warning.message).join("\n")).toContain('"__proto__"');
    },
  );
});
