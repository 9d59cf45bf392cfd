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
});
