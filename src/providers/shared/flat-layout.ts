import type { ToolsArrayLayout } from "../provider-module.js";

/** A tools array that is the list of definitions itself (every wire format but Gemini's). */
export const FLAT_LAYOUT: ToolsArrayLayout = {
  prefix: "[",
  suffix: "]",
  empty: "[]",
  wrap: (definitions) => [...definitions],
  definitions: (tools) => [...tools],
};
