/** Builders for SDK-shaped listings in unit tests (the shapes servers send, not catalogue entries). */
import type { ServerListing } from "../../connect/types.js";

export function tool(name: string, extra: Record<string, unknown> = {}): ServerListing["tools"][number] {
  return {
    name,
    inputSchema: { type: "object", properties: {} },
    ...extra,
  } as ServerListing["tools"][number];
}

export function listing(parts: Partial<ServerListing> = {}): ServerListing {
  return { tools: [], resources: [], resourceTemplates: [], prompts: [], ...parts };
}
