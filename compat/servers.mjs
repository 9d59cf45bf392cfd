/**
 * The real npm MCP servers the compatibility suite connects, each pinned in this folder's package.json. Every
 * one starts offline: a dummy key in `env` where the server insists on one at start, and a harmless call only
 * where a tool answers without the network (or a browser).
 *
 * Entry fields: `name` (the config key), `package` (resolved in this folder's node_modules; the command is
 * its `bin` run on the suite's Node), `args(dirs)`/`env(dirs)` (dirs: the run's temp folders), and `call`:
 * `{ tool, args, expect }` where `expect` is a substring of the result's text.
 */

const DUMMY = "compat-dummy-key-not-used";

/** @typedef {{ root: string, files: string, memory: string, sqlite: string, home: string }} Dirs */

export const SERVERS = [
  {
    name: "filesystem",
    package: "@modelcontextprotocol/server-filesystem",
    args: (dirs) => [dirs.files],
    call: { tool: "list_allowed_directories", args: {}, expect: (dirs) => dirs.files },
  },
  {
    name: "memory",
    package: "@modelcontextprotocol/server-memory",
    env: (dirs) => ({ MEMORY_FILE_PATH: dirs.memory }),
    call: { tool: "read_graph", args: {}, expect: () => '"entities"' },
  },
  {
    name: "everything",
    package: "@modelcontextprotocol/server-everything",
    args: () => ["stdio"],
    call: { tool: "echo", args: { message: "compat-probe" }, expect: () => "compat-probe" },
  },
  {
    name: "sequential-thinking",
    package: "@modelcontextprotocol/server-sequential-thinking",
    env: () => ({ DISABLE_THOUGHT_LOGGING: "true" }),
    call: {
      tool: "sequentialthinking",
      args: { thought: "compat probe", nextThoughtNeeded: false, thoughtNumber: 1, totalThoughts: 1 },
      expect: () => "thoughtNumber",
    },
  },
  {
    name: "github",
    package: "@modelcontextprotocol/server-github",
    env: () => ({ GITHUB_PERSONAL_ACCESS_TOKEN: DUMMY }),
  },
  {
    name: "slack",
    package: "@modelcontextprotocol/server-slack",
    env: () => ({ SLACK_BOT_TOKEN: `xoxb-${DUMMY}`, SLACK_TEAM_ID: "T00000000" }),
  },
  {
    name: "gitlab",
    package: "@modelcontextprotocol/server-gitlab",
    env: () => ({ GITLAB_PERSONAL_ACCESS_TOKEN: DUMMY, GITLAB_API_URL: "http://127.0.0.1:9/api/v4" }),
  },
  {
    // Installed with PUPPETEER_SKIP_DOWNLOAD=1 (no browser); it launches one only on a tool call.
    name: "puppeteer",
    package: "@modelcontextprotocol/server-puppeteer",
  },
  {
    name: "google-maps",
    package: "@modelcontextprotocol/server-google-maps",
    env: () => ({ GOOGLE_MAPS_API_KEY: DUMMY }),
  },
  {
    name: "brave-search",
    package: "@modelcontextprotocol/server-brave-search",
    env: () => ({ BRAVE_API_KEY: DUMMY }),
  },
  { name: "context7", package: "@upstash/context7-mcp" },
  {
    name: "firecrawl",
    package: "firecrawl-mcp",
    env: () => ({ FIRECRAWL_API_KEY: `fc-${DUMMY}` }),
  },
  { name: "tavily", package: "tavily-mcp", env: () => ({ TAVILY_API_KEY: `tvly-${DUMMY}` }) },
  { name: "exa", package: "exa-mcp-server", env: () => ({ EXA_API_KEY: DUMMY }) },
  {
    name: "shopify-dev",
    package: "@shopify/dev-mcp",
    env: () => ({ OPT_OUT_INSTRUMENTATION: "true" }),
  },
  {
    // Its config and logs live under HOME; a temp HOME keeps the user's own untouched.
    name: "desktop-commander",
    package: "@wonderwhy-er/desktop-commander",
    env: (dirs) => ({ HOME: dirs.home }),
    call: { tool: "get_config", args: {}, expect: () => "allowedDirectories" },
  },
  {
    name: "sqlite",
    package: "mcp-server-sqlite-npx",
    args: (dirs) => [dirs.sqlite],
    call: { tool: "list_tables", args: {}, expect: () => "compat_probe" },
  },
  {
    name: "figma",
    package: "figma-developer-mcp",
    args: () => ["--stdio"],
    env: () => ({ FIGMA_API_KEY: DUMMY }),
  },
  {
    name: "circleci",
    package: "@circleci/mcp-server-circleci",
    env: () => ({ CIRCLECI_TOKEN: DUMMY }),
  },
  { name: "pinecone", package: "@pinecone-database/mcp", env: () => ({ PINECONE_API_KEY: DUMMY }) },
];
