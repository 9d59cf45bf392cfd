import type { ProviderId, TargetIdOf } from "../spec/provider-id.js";
import type { ProviderProfile, SchemaDialect } from "../spec/provider-profile.js";
import { PROFILES } from "./profiles.js";

/**
 * A target is what `--provider` names: a profile (name rule, schema dialect) plus the wire shape of the tools
 * array. The OpenAI Responses API shares the `openai-strict` profile (strict is its default) with a flat shape.
 */
export type TargetId = TargetIdOf;

/** The wire format of a target's tools array: the provider identity itself. */
export type WireShape = ProviderId;

/** A tools-array target: the provider profile the tools are translated for and the wire shape they take. */
export interface Target {
  id: TargetId;
  profile: ProviderProfile;
  wire: WireShape;
  /**
   * For strict targets: the dialect a tool falls back to, sent with `strict: false`, when its schema cannot be
   * made strict without losing meaning. A demanding user would rather have the tool than lose it.
   */
  nonStrictFallback?: SchemaDialect;
  /** Gemini only: which declaration field carries the schema. */
  geminiField?: "parameters" | "parametersJsonSchema";
}

/** Every target `buildToolset` can translate for, by id. */
export const TARGETS: Readonly<Record<TargetId, Target>> = {
  anthropic: { id: "anthropic", profile: PROFILES.anthropic, wire: "anthropic" },
  "anthropic-strict": {
    id: "anthropic-strict",
    profile: PROFILES["anthropic-strict"],
    wire: "anthropic",
    nonStrictFallback: "anthropic",
  },
  "openai-chat": { id: "openai-chat", profile: PROFILES["openai-chat"], wire: "openai-chat" },
  "openai-strict": {
    id: "openai-strict",
    profile: PROFILES["openai-strict"],
    wire: "openai-chat",
    nonStrictFallback: "openai",
  },
  "openai-responses": {
    id: "openai-responses",
    profile: PROFILES["openai-strict"],
    wire: "openai-responses",
    nonStrictFallback: "openai",
  },
  gemini: { id: "gemini", profile: PROFILES.gemini, wire: "gemini", geminiField: "parameters" },
  "gemini-json-schema": {
    id: "gemini-json-schema",
    profile: PROFILES["gemini-json-schema"],
    wire: "gemini",
    geminiField: "parametersJsonSchema",
  },
  mcp: { id: "mcp", profile: PROFILES.mcp, wire: "mcp" },
};

export const TARGET_IDS = Object.keys(TARGETS) as TargetId[];

export function isTargetId(value: string): value is TargetId {
  return Object.hasOwn(TARGETS, value);
}
