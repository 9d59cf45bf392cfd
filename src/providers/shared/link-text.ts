import type { ToolContent } from "../../spec/tool-call.js";

/** A `resource_link` as one line of text, for result shapes that carry no links of their own. */
export function linkText(part: Extract<ToolContent, { type: "resource_link" }>): string {
  const details = [part.mimeType, part.size === undefined ? undefined : `${part.size} bytes`].filter(Boolean);
  const title = part.title === undefined ? "" : ` "${part.title}"`;
  const description = part.description === undefined ? "" : ` - ${part.description}`;
  return `Resource link: ${part.name}${title} <${part.uri}>${details.length > 0 ? ` (${details.join(", ")})` : ""}${description}`;
}
