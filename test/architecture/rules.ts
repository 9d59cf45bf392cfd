/**
 * The architecture as data: which folder of `src/` may import which, who may import the MCP SDK and the provider
 * SDKs, who may touch `process`, and the violations other parts of issue 16 are removing. docs/architecture.md
 * explains each rule; architecture.test.ts enforces them.
 */

/**
 * The layers, top to bottom: each folder names the folders directly below it. A folder may import any folder
 * reachable from it through this table (layers may be skipped downwards, never climbed), plus `SHARED`. A folder
 * missing from the table is an error, so a new folder gets a place in the layering on the day it is added.
 * Files directly in `src/` count as folders named after the file (`index`, `errors`).
 */
export const LAYERS: Readonly<Record<string, readonly string[]>> = {
  // The package entry re-exports the library; the gateway, the CLI and the test kit are entries of their own
  // (`switchboard/gateway`, `bin/`, `switchboard/testing`), so importing the library never loads them.
  index: ["session"],
  // `testing` for `switchboard demo --conversation`, whose model is the emulator playing a script.
  cli: ["session", "gateway", "testing"],
  // The test kit: emulator, scripted models and fixture servers. Nothing in the library imports it.
  testing: ["providers"],
  // What `run` and `chat` assemble around the loop: live tools, cache policy, the usage ledger, pins.
  session: ["agent", "cache", "ledger", "pinning", "client-features"],
  gateway: ["dispatch", "toolsearch", "pinning", "context"],
  // `switchboard/interop/*`: a toolset as another framework's tools, each call through dispatch.
  interop: ["dispatch"],
  agent: ["dispatch", "toolsearch", "context"],
  // Observers of a session (cache, ledger, pinning): they read toolsets and catalogues, never the loop itself.
  ledger: ["cache", "config"],
  cache: ["toolset"],
  pinning: ["catalog", "naming"],
  "client-features": ["dispatch", "context"],
  toolsearch: ["dispatch", "search", "context"],
  dispatch: ["catalog", "toolset"],
  context: ["catalog", "providers"],
  catalog: ["connect"],
  connect: ["auth", "schema"],
  auth: ["config"],
  toolset: ["providers", "config", "local-tools"],
  // The user's own tools: definitions, argument checks and running them; no layer above is needed.
  "local-tools": ["schema", "config"],
  // One folder per wire format; below it only pure functions of data.
  providers: ["schema", "naming", "cost", "provider-rules"],
  cost: ["config", "provider-rules"],
  schema: ["provider-rules"],
  naming: ["spec"],
  search: ["spec"],
  config: ["spec"],
  // The dated provider rules (src/providers/rules/): data that repair, validation and cost read alike.
  "provider-rules": ["spec"],
  spec: [],
  // Errors may name the types they carry (spec is types only).
  errors: ["spec"],
  "optional-dependency": [],
  // Finds the package's own folder (data/, dist/vendor/, examples/) from any module; node:fs and node:path only.
  "package-root": [],
};

/** Importable from every folder: the typed error base, optional-package loading, the package's own folder. */
export const SHARED: readonly string[] = ["errors", "optional-dependency", "package-root"];

/** The only folders that import the MCP SDK (`@modelcontextprotocol/*`). */
export const MCP_SDK_FOLDERS: readonly string[] = ["connect", "auth", "gateway", "testing"];

/** The only folders that import a provider SDK: each wire format's mapping calls its own official client. */
export const PROVIDER_SDK_FOLDERS: readonly string[] = ["providers", "testing"];
export const PROVIDER_SDKS: readonly string[] = ["@anthropic-ai/sdk", "openai", "@google/genai"];

/**
 * Folders under `src/providers/` that every wire-format folder may import. Any other subfolder is one wire
 * format's own and imports no other wire format's folder (files directly in `src/providers/` are shared too).
 */
export const PROVIDER_SHARED_FOLDERS: readonly string[] = ["validation", "shared", "openai-shared", "rules"];

/** A wire-format folder that is a flavour of another and builds on its mapping (the same wire, other defaults). */
export const PROVIDER_FLAVOURS: Readonly<Record<string, readonly string[]>> = {
  "openai-compatible": ["openai-chat"],
};

/** The only folder that touches `process` or `console` (argv, env, stdio, exit, signals). */
export const PROCESS_FOLDER = "cli";

/** `process` uses outside `cli/` that stay, each with the reason. Key: file, then the member used. */
export const PROCESS_EXCEPTIONS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  "src/config/load-config.ts": {
    env: "loadConfig's documented default: a `$VAR` reference expands from the process environment unless `env` is given",
  },
  "src/config/credentials-path.ts": {
    cwd: "a relative SWITCHBOARD_CREDENTIALS resolves against the working directory unless `cwd` is given",
  },
  "src/connect/stdio-child.ts": {
    env: "a stdio server inherits the parent environment (filtered by buildChildEnv) unless `parentEnv` is given",
  },
  "src/connect/child-env.ts": {
    platform: "the SDK's default inherited variables differ on Windows",
  },
  "src/connect/process-group.ts": {
    platform: "process groups exist on POSIX only",
    kill: "connect owns the stdio servers' child processes and signals their process group",
  },
  "src/connect/sdk-node-shims.ts": {
    // The bare name: the file declares the export, it reads nothing from the process.
    "": "the SDK's `_shims` contract exports the process, whose stdio the server SDK's stdio transport uses when given no streams",
  },
  "src/connect/live-server-processes.ts": {
    on: "kills the servers still running when Node exits: no child process outlives us",
  },
  "src/gateway/serve-stdio.ts": {
    stdin: "the stdio gateway is an MCP server on the process's own stdio unless streams are given",
    stdout: "the stdio gateway is an MCP server on the process's own stdio unless streams are given",
  },
  "src/session/open-session.ts": {
    env: "openSession's documented default, as the CLI's: the config, ledger and credentials paths read the process environment unless `env` is given",
    cwd: "openSession's documented default: the config is found and relative paths resolve from the working directory unless `cwd` is given",
  },
  "src/auth/open-browser.ts": { platform: "chooses the platform's command that opens a URL" },
  "src/client-features/open-browser.ts": { platform: "chooses the platform's command that opens a URL" },
  "src/auth/file-credential-store.ts": {
    pid: "a temporary file name no other process writes, for the atomic rename",
  },
  "src/pinning/lock-file.ts": { pid: "a temporary file name no other process writes, for the atomic rename" },
  ...Object.fromEntries(
    [
      "anthropic/anthropic-client-settings.ts",
      "gemini/gemini-client-settings.ts",
      "openai-shared/openai-client-settings.ts",
      "openai-compatible/openai-compatible-client-settings.ts",
    ].map((file) => [
      `src/providers/${file}`,
      {
        env: "API key and base URL default to the environment, as the official SDK client does, unless `env` is given",
      },
    ]),
  ),
};

/** A violation another part of issue 16 removes; the test passes while it lasts and fails once it is gone. */
export interface KnownViolation {
  rule: string;
  from: string;
  to: string;
  /** Which helper's part of issue 16 removes it. */
  removedBy: string;
}

/**
 * Imports that break a rule today and are being removed. Empty: every violation issue 16 found is gone; an entry
 * added here must say which change removes it, and the test fails once it no longer occurs.
 */
export const KNOWN_VIOLATIONS: readonly KnownViolation[] = [];
