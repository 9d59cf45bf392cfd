/**
 * The fields every layer reads without a default of its own, checked on a config that did not come from
 * `loadConfig` or `parseConfig` (one built in code, or parsed JSON passed as it is). Without the check a missing
 * `maxConcurrentCalls` failed deep inside the call queue ("Concurrency limit must be >= 1, got NaN") and a missing
 * `connectTimeoutMs` made every connect time out at once. The loader's own output always passes.
 */
import { ConfigError, type ConfigIssue } from "../errors.js";
import { typeName } from "./describe-value.js";
import type { SwitchboardConfig } from "./types.js";

/** The loader's defaults, named in the messages so the fix is one line. */
const numbers = { timeoutMs: 60_000, connectTimeoutMs: 30_000, maxConcurrentCalls: 8 } as const;

/** Throws a `ConfigError` listing every field of `config.servers` the connections cannot do without. */
export function checkBuiltConfig(config: SwitchboardConfig): void {
  const file = typeof config?.file === "string" ? config.file : "<config built in code>";
  const servers: unknown = config?.servers;
  if (typeof servers !== "object" || servers === null || Array.isArray(servers)) {
    throw new ConfigError(file, [
      { path: "$.servers", message: `expected an object of servers, got ${typeName(servers)}` },
    ]);
  }
  const issues: ConfigIssue[] = [];
  for (const [key, server] of Object.entries(servers as Record<string, unknown>)) {
    const path = `$.servers[${JSON.stringify(key)}]`;
    if (typeof server !== "object" || server === null) {
      issues.push({ path, message: `expected a server object, got ${typeName(server)}` });
      continue;
    }
    const entry = server as Record<string, unknown>;
    const problem = (field: string, message: string) => issues.push({ path: `${path}.${field}`, message });
    if (entry.name !== key)
      problem("name", `expected the server's key ${JSON.stringify(key)}, got ${typeName(entry.name)}`);
    // Absent, a server would be skipped as disabled without a word.
    if (typeof entry.enabled !== "boolean")
      problem("enabled", `expected true or false, got ${typeName(entry.enabled)}`);
    for (const [field, fallback] of Object.entries(numbers)) {
      const value = entry[field];
      if (!Number.isSafeInteger(value) || (value as number) < 1) {
        problem(
          field,
          `expected a positive integer, got ${describe(value)} (loadConfig and parseConfig default it to ${fallback})`,
        );
      }
    }
    if (!isObject(entry.tools))
      problem("tools", `expected a tool filter object ({} for every tool), got ${typeName(entry.tools)}`);
    if (entry.kind === "stdio") {
      if (typeof entry.command !== "string" || entry.command === "")
        problem("command", `expected a command, got ${describe(entry.command)}`);
      if (!Array.isArray(entry.args) || !entry.args.every((arg) => typeof arg === "string"))
        problem("args", `expected an array of strings, got ${typeName(entry.args)}`);
      if (!isObject(entry.env))
        problem("env", `expected an object of strings ({} for none), got ${typeName(entry.env)}`);
    } else if (entry.kind === "http") {
      if (typeof entry.url !== "string") problem("url", `expected a URL string, got ${typeName(entry.url)}`);
      if (!isObject(entry.headers))
        problem("headers", `expected an object of strings ({} for none), got ${typeName(entry.headers)}`);
      if (!["auto", "streamable-http", "sse"].includes(entry.transport as string))
        problem("transport", `expected "auto", "streamable-http" or "sse", got ${typeName(entry.transport)}`);
    } else {
      problem("kind", `expected "stdio" or "http", got ${typeName(entry.kind)}`);
    }
  }
  if (issues.length > 0) throw new ConfigError(file, issues);
}

/** A number as written; anything else by its type only (a value in the wrong field may be a secret). */
function describe(value: unknown): string {
  return typeof value === "number" ? String(value) : typeName(value);
}

function isObject(value: unknown): boolean {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
