import type { ProfileId, ProviderProfile } from "../spec/provider-profile.js";

/**
 * Provider rules as dated data (see docs/provider-rules.md#summary, #anthropic-tools, #openai-tools, #gemini). Update the dates
 * and sources whenever a provider changes its docs; nothing else in the code hard-codes these numbers.
 */
const anthropicName = {
  pattern: "^[a-zA-Z0-9_-]{1,128}$",
  allowedChars: "a-zA-Z0-9_-",
  maxLength: 128,
  checkedOn: "2026-11-30",
  source: "Anthropic define-tools docs; observed error in github/copilot-cli#1879 (was {1,64} until 2025-03)",
};

const openaiName = {
  pattern: "^[a-zA-Z0-9_-]{1,64}$",
  allowedChars: "a-zA-Z0-9_-",
  maxLength: 64,
  checkedOn: "2026-11-30",
  source:
    "openai-node FunctionDefinition.name; errors in coinbase/agentkit#217, microsoft/foundry-dev-tools#201",
};

const geminiName = {
  pattern: "^[a-zA-Z_][a-zA-Z0-9_.:-]{0,127}$",
  allowedChars: "a-zA-Z0-9_.:-",
  firstChars: "a-zA-Z_",
  maxLength: 128,
  checkedOn: "2026-11-30",
  source: "@google/genai FunctionDeclaration.name (128; was 64, earlier 63); CherryHQ/cherry-studio#4087",
};

const mcpName = {
  pattern: "^[A-Za-z0-9._-]{1,128}$",
  allowedChars: "A-Za-z0-9._-",
  maxLength: 128,
  checkedOn: "2026-11-30",
  source: "MCP SEP-986 tool name guidance (sdk toolNameValidation)",
};

const openaiMaxTools = {
  count: 128,
  checkedOn: "2026-11-30",
  source: "zed-industries/zed#32946 (observed 400)",
};
const geminiMaxTools = { count: 512, checkedOn: "2026-11-30", source: "google-gemini/gemini-cli#19083" };

/** What each provider accepts in a tool definition (name rules, schema dialect, limits), by profile id. */
export const PROFILES: Readonly<Record<ProfileId, ProviderProfile>> = {
  anthropic: {
    id: "anthropic",
    label: "Anthropic Messages",
    name: anthropicName,
    dialect: "anthropic",
    strict: false,
  },
  "anthropic-strict": {
    id: "anthropic-strict",
    label: "Anthropic Messages (strict tool use)",
    name: anthropicName,
    dialect: "anthropic-strict",
    strict: true,
  },
  "openai-chat": {
    id: "openai-chat",
    label: "OpenAI Chat Completions",
    name: openaiName,
    dialect: "openai",
    maxTools: openaiMaxTools,
    strict: false,
  },
  "openai-strict": {
    id: "openai-strict",
    label: "OpenAI strict functions (Responses API default)",
    name: openaiName,
    dialect: "openai-strict",
    maxTools: openaiMaxTools,
    strict: true,
  },
  gemini: {
    id: "gemini",
    label: "Gemini functionDeclarations.parameters (OpenAPI subset)",
    name: geminiName,
    dialect: "gemini-openapi",
    maxTools: geminiMaxTools,
    strict: false,
  },
  "gemini-json-schema": {
    id: "gemini-json-schema",
    label: "Gemini functionDeclarations.parametersJsonSchema",
    name: geminiName,
    dialect: "gemini-json-schema",
    maxTools: geminiMaxTools,
    strict: false,
  },
  mcp: { id: "mcp", label: "MCP (gateway)", name: mcpName, dialect: "mcp", strict: false },
};

export const PROFILE_IDS = Object.keys(PROFILES) as ProfileId[];

export function isProfileId(value: string): value is ProfileId {
  return Object.hasOwn(PROFILES, value);
}
