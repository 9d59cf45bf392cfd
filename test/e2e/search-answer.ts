import type { RequestView } from "../../src/testing/emulator/types.js";

/** The first tool name a search_tools answer lists ("1. main__add"). */
export function firstFound(view: RequestView): string {
  const text = view.toolResults[0]?.text ?? "";
  const name = /^1\. (\S+)$/m.exec(text)?.[1];
  if (name === undefined) throw new Error(`no tool in search answer: ${text}`);
  return name;
}
