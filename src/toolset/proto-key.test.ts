import { describe, expect, it } from "vitest";
import { TARGETS, type TargetId } from "../providers/targets.js";
import type { ServerTool } from "../spec/tool.js";
import { buildToolset } from "./build-toolset.js";

// JSON.parse makes `__proto__` an own property; code that copies by assignment turns it into a prototype instead.
const tool = JSON.parse(
  '{"name":"t","inputSchema":{"type":"object","properties":{"__proto__":{"type":"string"},"a":{"type":"number"}},"required":["__proto__"]}}',
) as ServerTool["tool"];

describe("a property named __proto__", () => {
  it.each(Object.keys(TARGETS) as TargetId[])("survives translation for %s", (target) => {
    const toolset = buildToolset([{ server: "s", tool }], target);
    expect(toolset.json).toContain('"__proto__":{"type":"string"}');
    expect(toolset.json).toContain('"required":["__proto__"');
  });
});
