export type { RawConfig, RawServer, RawServerType } from "./config-schema.js";
export { CLAUDE_SERVER_TYPES, createConfigSchema, VSCODE_SERVER_TYPES } from "./config-schema.js";
export { credentialsPath } from "./credentials-path.js";
export type { Env, ExpandResult } from "./expand-vars.js";
export { expandVars } from "./expand-vars.js";
export type { FindConfigOptions } from "./find-config.js";
export { configCandidates, findConfigFile } from "./find-config.js";
export { formatJsonPath } from "./json-path.js";
export type { ConfigOptions } from "./load-config.js";
export { loadConfig, parseConfig } from "./load-config.js";
export { CONFIG_DEFAULTS } from "./normalise-config.js";
export type {
  AgentConfig,
  HttpAuthConfig,
  HttpServerConfig,
  HttpTransportKind,
  ServerConfig,
  StdioServerConfig,
  SwitchboardConfig,
  ToolFilter,
} from "./types.js";
