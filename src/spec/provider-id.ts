/**
 * Provider identity: one table, every other name a view of it. A provider is identified by its wire format (the
 * shape of its tools array, tool calls and tool results); the provider registry is keyed by it. A target is one
 * variant of a wire format (a name rule and a schema dialect); a family is who runs the API.
 */

/** Every wire format with the targets that use it, their profiles and the family that runs the API. */
export interface ProviderIdentities {
  anthropic: {
    family: "anthropic";
    targets: "anthropic" | "anthropic-strict";
    profiles: "anthropic" | "anthropic-strict";
  };
  "openai-chat": {
    family: "openai";
    targets: "openai-chat" | "openai-strict";
    profiles: "openai-chat" | "openai-strict";
  };
  "openai-responses": { family: "openai"; targets: "openai-responses"; profiles: "openai-strict" };
  gemini: {
    family: "gemini";
    targets: "gemini" | "gemini-json-schema";
    profiles: "gemini" | "gemini-json-schema";
  };
  mcp: { family: "mcp"; targets: "mcp"; profiles: "mcp" };
}

/** The one provider identity: a wire format, the key of the provider registry. */
export type ProviderId = keyof ProviderIdentities;

/** The wire formats a model answers in (every one but `mcp`, which serves tools to another MCP client). */
export type ModelProviderId = Exclude<ProviderId, "mcp">;

/** What `--provider` names: a wire format's variant (a profile plus the wire's tools-array shape). */
export type TargetIdOf<P extends ProviderId = ProviderId> = ProviderIdentities[P]["targets"];

/** Identifiers of the name-rule and schema-dialect profiles. */
export type ProfileIdOf<P extends ProviderId = ProviderId> = ProviderIdentities[P]["profiles"];

/** Who runs the API (whose error bodies, prices and overheads apply). */
export type FamilyOf<P extends ProviderId = ProviderId> = ProviderIdentities[P]["family"];
