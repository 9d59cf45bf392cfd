/**
 * docs/provider-rules.md#regressions, the tool-definition half: every real rejection, re-played through switchboard. The validator
 * rejects the raw request with the provider's own text (proved in providers/validation); here the same tools go
 * through naming and repair as if a server had published them, and the resulting request is accepted. The two
 * count cases (more tools than the provider takes) cannot be repaired by translation: switchboard says so.
 */
import { describe, expect, it } from "vitest";
import { TARGETS, type TargetId } from "../providers/targets.js";
import { validateTargetTools } from "../providers/validate-target-tools.js";
import { type ToolRegressionCase, toolRegressionCases } from "../providers/validation/index.js";
import type { JsonObject } from "../spec/json.js";
import type { ServerTool } from "../spec/tool.js";
import { buildToolset } from "./build-toolset.js";

type Wire = Record<string, unknown>;

/** The tools of a wire-shape request as an MCP server would have published them (schema, name, description). */
function published(regression: ToolRegressionCase): { tools: ServerTool[]; target: TargetId } {
  const asTool = (name: unknown, description: unknown, schema: unknown): ServerTool => ({
    server: "srv",
    tool: {
      name: String(name),
      ...(typeof description === "string" ? { description } : {}),
      inputSchema: (schema ?? { type: "object" }) as JsonObject,
    },
  });
  switch (regression.target) {
    case "anthropic": {
      const tools = (regression.tools as Wire[]).filter((tool) => tool.input_schema !== undefined);
      const strict = tools.some((tool) => tool.strict === true);
      return {
        tools: tools.map((tool) => asTool(tool.name, tool.description, tool.input_schema)),
        target: strict ? "anthropic-strict" : "anthropic",
      };
    }
    case "openai-chat": {
      const tools = regression.tools as { function: Wire }[];
      const strict = tools.some((tool) => tool.function.strict === true);
      return {
        tools: tools.map((tool) =>
          asTool(tool.function.name, tool.function.description, tool.function.parameters),
        ),
        target: strict ? "openai-strict" : "openai-chat",
      };
    }
    case "openai-responses":
      return {
        tools: (regression.tools as Wire[]).map((tool) =>
          asTool(tool.name, tool.description, tool.parameters),
        ),
        target: "openai-responses",
      };
    case "gemini": {
      const declarations = (regression.tools as { functionDeclarations: Wire[] }[]).flatMap(
        (entry) => entry.functionDeclarations,
      );
      const jsonSchema = declarations.some((declaration) => declaration.parametersJsonSchema !== undefined);
      return {
        tools: declarations.map((declaration) =>
          asTool(
            declaration.name,
            declaration.description,
            declaration.parametersJsonSchema ?? declaration.parameters,
          ),
        ),
        target: jsonSchema ? "gemini-json-schema" : "gemini",
      };
    }
  }
}

// The server-side rules below are not about one tool's definition: no renaming or schema repair can fix them.
const NOT_TRANSLATION = new Map([
  ["11", "every tool deferred: a request-level choice of the caller (tool search), not a definition"],
  ["23", "158 tools: more than OpenAI accepts; selection or the search facade cuts the list"],
  ["37", "more than 512 declarations: selection or the search facade cuts the list"],
]);

describe("§9 tool-definition rejections, repaired", () => {
  for (const regression of toolRegressionCases()) {
    const skip = NOT_TRANSLATION.get(regression.id);
    if (skip !== undefined) {
      it(`#${regression.id} (${regression.source}) is reported, not repaired: ${skip}`, () => {
        const { tools, target } = published(regression);
        const toolset = buildToolset(tools, target);
        if (regression.id === "11") {
          // Switchboard never sets defer_loading on its own, so its array has non-deferred tools.
          expect(validateTargetTools(toolset.target, toolset.tools)).toEqual([]);
        } else {
          expect(toolset.warnings.map((warning) => warning.code)).toContain("too-many-tools");
        }
      });
      continue;
    }
    it(`#${regression.id} (${regression.source}): ${regression.expected.message.slice(0, 70)}`, () => {
      const { tools, target } = published(regression);
      const toolset = buildToolset(tools, target);
      expect(validateTargetTools(TARGETS[target], toolset.tools)).toEqual([]);
      expect(toolset.entries.filter((entry) => entry.status === "quarantined")).toEqual([]);
    });
  }
});
