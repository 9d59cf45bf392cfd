// biome-ignore-all lint/suspicious/noTemplateCurlyInString: "${VAR}" is config syntax here, not a mistaken template.
import { describe, expect, it } from "vitest";
import { ConfigError, type ConfigIssue } from "../errors.js";
import { parseConfig } from "./load-config.js";
import type { SwitchboardConfig } from "./types.js";

const FILE = "/project/switchboard.json";
const json = (value: unknown): string => JSON.stringify(value, null, 2);

function issuesOf(text: string, env: Record<string, string> = {}): ConfigIssue[] {
  try {
    parseConfig(text, FILE, { env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).code).toBe("CONFIG_INVALID");
    expect((error as ConfigError).file).toBe(FILE);
    return [...(error as ConfigError).issues];
  }
  throw new Error("expected parseConfig to throw a ConfigError");
}

const stdioDefaults = {
  enabled: true,
  timeoutMs: 60_000,
  connectTimeoutMs: 30_000,
  tools: {},
  maxConcurrentCalls: 8,
  kind: "stdio",
  args: [],
  env: {},
} as const;
const httpDefaults = { ...stdioDefaults, kind: "http", transport: "auto", headers: {} } as const;
const { args: _a, env: _e, ...httpCommon } = httpDefaults;

interface ValidRow {
  name: string;
  text: string;
  env?: Record<string, string>;
  expected: Omit<SwitchboardConfig, "file">;
}

const validRows: ValidRow[] = [
  {
    name: "Claude Desktop file with a stdio and a url server",
    text: json({
      mcpServers: {
        tickets: { command: "npx", args: ["-y", "tickets-mcp"], env: { TOKEN: "${TICKETS_TOKEN}" } },
        docs: { url: "https://docs.example.com/mcp" },
      },
    }),
    env: { TICKETS_TOKEN: "t0k" },
    expected: {
      servers: {
        tickets: {
          ...stdioDefaults,
          name: "tickets",
          command: "npx",
          args: ["-y", "tickets-mcp"],
          env: { TOKEN: "t0k" },
        },
        docs: { ...httpCommon, name: "docs", url: "https://docs.example.com/mcp" },
      },
      agents: {},
    },
  },
  {
    name: "VS Code file with $schema, inputs and every type",
    text: json({
      $schema: "vscode://schemas/mcp",
      inputs: [{ type: "promptString", id: "key", description: "API key", password: true }],
      servers: {
        fs: { type: "stdio", command: "node", args: ["fs.js"], cwd: "/srv" },
        api: { type: "http", url: "http://localhost:3000/mcp", headers: { Authorization: "Bearer ${KEY}" } },
        old: { type: "sse", url: "https://old.example.com/sse" },
      },
    }),
    env: { KEY: "k" },
    expected: {
      servers: {
        fs: { ...stdioDefaults, name: "fs", command: "node", args: ["fs.js"], cwd: "/srv" },
        api: {
          ...httpCommon,
          name: "api",
          url: "http://localhost:3000/mcp",
          transport: "streamable-http",
          headers: { Authorization: "Bearer k" },
        },
        old: { ...httpCommon, name: "old", url: "https://old.example.com/sse", transport: "sse" },
      },
      agents: {},
    },
  },
  {
    name: "switchboard keys, Claude type spellings, ${VAR:-default}, $${ escape and agents",
    text: json({
      mcpServers: {
        a: {
          url: "${HOST:-http://localhost:1}/mcp",
          type: "streamableHttp",
          enabled: false,
          timeoutMs: 5000,
          connectTimeoutMs: 700,
          maxConcurrentCalls: 2,
          tools: { allow: ["search", "get_*"], deny: ["get_secret"] },
        },
        b: { url: "http://b.example", type: "streamable-http" },
        c: { command: "run", args: ["$${LITERAL}", "${EMPTY:-fallback}", "${env:SET}"] },
      },
      agents: { support: { servers: ["a", "c"] } },
    }),
    env: { EMPTY: "", SET: "yes" },
    expected: {
      servers: {
        a: {
          ...httpCommon,
          name: "a",
          url: "http://localhost:1/mcp",
          transport: "streamable-http",
          enabled: false,
          timeoutMs: 5000,
          connectTimeoutMs: 700,
          maxConcurrentCalls: 2,
          tools: { allow: ["search", "get_*"], deny: ["get_secret"] },
        },
        b: { ...httpCommon, name: "b", url: "http://b.example", transport: "streamable-http" },
        c: { ...stdioDefaults, name: "c", command: "run", args: ["${LITERAL}", "fallback", "yes"] },
      },
      agents: { support: { name: "support", servers: ["a", "c"] } },
    },
  },
];

describe("parseConfig: valid files", () => {
  it.each(validRows)("$name", ({ text, env, expected }) => {
    const config = parseConfig(text, FILE, { env: env ?? {} });
    expect(config).toEqual({ file: FILE, ...expected });
    // File order is kept: it is the order servers are reported and connected in.
    expect(Object.keys(config.servers)).toEqual(Object.keys(expected.servers));
  });
});

interface ErrorRow {
  name: string;
  text: string;
  env?: Record<string, string>;
  issues: ConfigIssue[];
}

const one = (path: string, message: string): ConfigIssue[] => [{ path, message }];
const servers = (value: unknown): string => json({ mcpServers: value });

const errorRows: ErrorRow[] = [
  {
    name: "unknown server key with a suggestion",
    text: servers({ tickets: { comand: "npx" } }),
    issues: one("$.mcpServers.tickets.comand", 'unknown key "comand"; did you mean "command"?'),
  },
  {
    name: "unknown top-level key without a close match",
    text: json({ mcpServers: {}, colour: "red" }),
    issues: one(
      "$.colour",
      'unknown key "colour"; expected one of: $schema, mcpServers, servers, inputs, agents, approval, roots, sampling, prices, listChanged, ledger',
    ),
  },
  {
    name: "unknown key inside tools",
    text: servers({ a: { command: "x", tools: { alow: ["*"] } } }),
    issues: one("$.mcpServers.a.tools.alow", 'unknown key "alow"; did you mean "allow"?'),
  },
  {
    name: "wrong type",
    text: servers({ tickets: { command: 42 } }),
    issues: one("$.mcpServers.tickets.command", "expected string, got number"),
  },
  {
    name: "wrong type inside a record and an array",
    text: servers({ a: { command: "x", args: ["ok", null], env: { N: 1 } } }),
    issues: [
      { path: "$.mcpServers.a.args[1]", message: "expected string, got null" },
      { path: "$.mcpServers.a.env.N", message: "expected string, got number" },
    ],
  },
  {
    name: "non-positive and fractional numbers",
    text: servers({ a: { command: "x", timeoutMs: 0, maxConcurrentCalls: 1.5, enabled: "yes" } }),
    issues: [
      { path: "$.mcpServers.a.enabled", message: "expected boolean, got string" },
      { path: "$.mcpServers.a.timeoutMs", message: "expected a positive integer, got 0" },
      { path: "$.mcpServers.a.maxConcurrentCalls", message: "expected a positive integer, got 1.5" },
    ],
  },
  {
    name: "neither command nor url",
    text: servers({ tickets: { args: ["a"] } }),
    issues: one("$.mcpServers.tickets", 'expected either "command" (stdio server) or "url" (HTTP server)'),
  },
  {
    name: "both command and url",
    text: servers({ tickets: { command: "x", url: "http://x" } }),
    issues: one(
      "$.mcpServers.tickets",
      'expected either "command" (stdio server) or "url" (HTTP server), not both',
    ),
  },
  {
    name: "type that contradicts the server kind, and a key of the other kind",
    text: servers({ a: { command: "x", type: "sse", headers: {} } }),
    issues: [
      { path: "$.mcpServers.a.type", message: 'type "sse" needs "url", but this server has "command"' },
      {
        path: "$.mcpServers.a.headers",
        message: '"headers" applies only to HTTP servers; this server has "command"',
      },
    ],
  },
  {
    name: "unknown type value",
    text: servers({ a: { url: "http://x", type: "websocket" } }),
    issues: one(
      "$.mcpServers.a.type",
      'expected one of "stdio", "http", "streamable-http", "streamableHttp", "sse", got another string',
    ),
  },
  {
    name: "near-miss type value gets a suggestion, not an echo",
    text: servers({ a: { url: "http://x", type: "htp" } }),
    issues: one(
      "$.mcpServers.a.type",
      'expected one of "stdio", "http", "streamable-http", "streamableHttp", "sse", got another string; did you mean "http"?',
    ),
  },
  {
    name: "undefined ${VAR}",
    text: servers({ tickets: { command: "x", env: { TOKEN: "${TICKETS_TOKEN}" } } }),
    issues: one("$.mcpServers.tickets.env.TOKEN", "environment variable TICKETS_TOKEN is not set"),
  },
  {
    name: "every undefined variable in one string, and an unterminated ${",
    text: servers({ a: { command: "x", args: ["${A}-${B}", "${C"] } }),
    issues: [
      { path: "$.mcpServers.a.args[0]", message: "environment variable A is not set" },
      { path: "$.mcpServers.a.args[0]", message: "environment variable B is not set" },
      { path: "$.mcpServers.a.args[1]", message: 'unterminated "${" (write "$${" for a literal "${")' },
    ],
  },
  {
    name: "VS Code ${input:...}",
    text: json({ servers: { a: { url: "http://x", headers: { K: "${input:key}" } } } }),
    issues: one(
      "$.servers.a.headers.K",
      'VS Code input variables ("${input:...}") are not supported yet; use an environment variable',
    ),
  },
  {
    name: "url that is not http(s), under a key that needs quoting",
    text: servers({ "my server": { url: "ftp://x" } }),
    issues: one('$.mcpServers["my server"].url', "expected an absolute http:// or https:// URL"),
  },
  {
    name: "invalid globs",
    text: servers({ a: { command: "x", tools: { allow: ["ok_*", "[a-"], deny: [""] } } }),
    issues: [
      {
        path: "$.mcpServers.a.tools.allow[1]",
        message: 'invalid glob "[a-": Missing closing: "]" - use "\\\\]" to match literal characters',
      },
      { path: "$.mcpServers.a.tools.deny[0]", message: "expected a non-empty glob" },
    ],
  },
  {
    name: "agent naming an unknown server",
    text: json({
      mcpServers: { tickets: { command: "x" }, docs: { url: "http://d" } },
      agents: { support: { servers: ["docs", "tikets"] } },
    }),
    issues: one(
      "$.agents.support.servers[1]",
      'unknown server "tikets"; did you mean "tickets"? (known servers: tickets, docs)',
    ),
  },
  {
    name: "unknown key in an agent and a stdio key on an HTTP server",
    text: json({
      servers: { a: { url: "http://a", cwd: "/tmp" } },
      agents: { main: { servers: [], toolSerch: "auto" } },
    }),
    issues: [
      { path: "$.servers.a.cwd", message: '"cwd" applies only to stdio servers; this server has "url"' },
      { path: "$.agents.main.toolSerch", message: 'unknown key "toolSerch"; did you mean "toolSearch"?' },
    ],
  },
  {
    name: "agent missing its servers list",
    text: json({ mcpServers: {}, agents: { support: {} } }),
    issues: one("$.agents.support.servers", "expected array, but the key is missing"),
  },
  {
    name: "both mcpServers and servers",
    text: json({ mcpServers: {}, servers: {} }),
    issues: one("$", 'found both "mcpServers" (Claude Desktop) and "servers" (VS Code); use one'),
  },
  {
    name: "neither mcpServers nor servers",
    text: json({ agents: {} }),
    issues: one("$", 'missing "mcpServers" (Claude Desktop) or "servers" (VS Code)'),
  },
  {
    name: "VS Code envFile",
    text: json({ servers: { a: { command: "x", envFile: "${workspaceFolder}/.env" } } }),
    issues: one(
      "$.servers.a.envFile",
      '"envFile" is not supported yet; list the variables under "env" instead',
    ),
  },
  {
    name: "Claude-only type spelling in a VS Code file",
    text: json({ servers: { a: { url: "http://x", type: "streamableHttp" } } }),
    issues: one("$.servers.a.type", 'expected one of "stdio", "http", "sse", got another string'),
  },
  {
    name: "a server named __proto__",
    text: '{"mcpServers": {"__proto__": {"command": "x"}}}',
    issues: one("$.mcpServers.__proto__", '"__proto__" cannot be used as a name'),
  },
  {
    name: "root that is not an object",
    text: "[]",
    issues: [
      { path: "$", message: "expected object, got array" },
      // checkReferences sees no object either, so it adds nothing.
    ],
  },
  {
    name: "bad JSON names line and column",
    text: '{\n  "mcpServers": {\n    "a": { "command": "x" }\n    "b": {}\n  }\n}',
    issues: one(
      "$",
      'invalid JSON at line 4, column 5: expected "," or "}" after a property value, found "\\""',
    ),
  },
  {
    name: "JSONC with an unterminated comment",
    text: '{\n  "mcpServers": {} /* servers\n}',
    issues: one("$", "invalid JSON at line 2, column 20: unterminated comment"),
  },
  {
    name: "JSONC: a real syntax error keeps its line and column past comments and trailing commas",
    text: '{\n  /* a\n  b */ "mcpServers": { "a": { "command": "x", }, // c\n    "b" {}\n  }\n}',
    issues: one("$", 'invalid JSON at line 4, column 9: expected ":" after a property name, found "{"'),
  },
  {
    name: "every problem in the file at once",
    text: json({
      mcpServers: { a: { command: 1 }, b: { url: "http://b", headers: { X: "${NOPE}" } }, c: { cmd: "x" } },
      agents: { main: { servers: ["a", "z"] } },
    }),
    issues: [
      { path: "$.mcpServers.a.command", message: "expected string, got number" },
      { path: "$.mcpServers.b.headers.X", message: "environment variable NOPE is not set" },
      { path: "$.mcpServers.c.cmd", message: 'unknown key "cmd"; did you mean "cwd"?' },
      { path: "$.agents.main.servers[1]", message: 'unknown server "z" (known servers: a, b, c)' },
    ],
  },
];

describe("parseConfig: errors name the path and say what was expected", () => {
  it.each(errorRows)("$name", ({ text, env, issues }) => {
    expect(issuesOf(text, env)).toEqual(issues);
  });

  it("puts the file and every issue in the error message", () => {
    const text = servers({ a: { command: 1 }, b: {} });
    expect(() => parseConfig(text, FILE, { env: {} })).toThrow(
      `Invalid config ${FILE}:\n` +
        "  $.mcpServers.a.command: expected string, got number\n" +
        '  $.mcpServers.b: expected either "command" (stdio server) or "url" (HTTP server)',
    );
  });
});

describe("parseConfig: secrets never reach an error", () => {
  const SECRET = "sk-live-9f8e7d6c5b4a";
  const cases: { name: string; text: string; env: Record<string, string> }[] = [
    {
      name: "expanded value that makes an invalid URL",
      text: servers({
        a: { url: "${API_KEY}" },
        b: { url: "https://x/?k=${API_KEY}", args: ["${MISSING}"] },
      }),
      env: { API_KEY: SECRET },
    },
    {
      name: "expanded value with a URL-like scheme",
      text: servers({ a: { url: "${API_KEY}" } }),
      env: { API_KEY: `${SECRET}:rest` },
    },
    {
      name: "literal secrets beside type errors",
      text: servers({
        a: { command: "x", env: { TOKEN: SECRET, OTHER: 5 }, timeoutMs: SECRET },
        b: { url: `https://${SECRET}@x/`, headers: { Authorization: `Bearer ${SECRET}` }, type: SECRET },
        c: { url: SECRET },
      }),
      env: {},
    },
    {
      name: "secret at the point where the JSON breaks",
      text: `{"mcpServers": {"a": {"command": "x", "env": {"TOKEN": ${SECRET}}}}}`,
      env: {},
    },
    {
      name: "secret in an unterminated string",
      text: `{"mcpServers": {"a": {"command": "${SECRET}`,
      env: {},
    },
  ];

  it.each(cases)("$name", ({ text, env }) => {
    let caught: unknown;
    try {
      parseConfig(text, FILE, { env });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const error = caught as ConfigError;
    expect(error.issues.length).toBeGreaterThan(0);
    const everything = [error.message, JSON.stringify(error.issues), String(error.cause ?? "")].join("\n");
    // No 6-character window of the secret, so neither the whole nor a quoted slice of it.
    for (let i = 0; i + 6 <= SECRET.length; i++) expect(everything).not.toContain(SECRET.slice(i, i + 6));
  });
});
