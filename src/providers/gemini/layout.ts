import type { ToolsArrayLayout } from "../provider-module.js";

/** Gemini's tools array: one `Tool` holding every function declaration; no tools is an empty array. */
export const GEMINI_LAYOUT: ToolsArrayLayout = {
  prefix: '[{"functionDeclarations":[',
  suffix: "]}]",
  empty: "[]",
  wrap: (definitions) => (definitions.length === 0 ? [] : [{ functionDeclarations: [...definitions] }]),
  definitions(tools) {
    const first = tools[0] as { functionDeclarations?: unknown[] } | undefined;
    return first?.functionDeclarations ?? [];
  },
};
