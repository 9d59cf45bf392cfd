/**
 * Checks that span the file rather than one value: exactly one server root, and agents naming only servers that
 * exist. They read the raw JSON defensively, so they still run when the schema found problems elsewhere.
 */
import type { ConfigIssue } from "../errors.js";
import { formatJsonPath } from "./json-path.js";
import { closestMatch } from "./suggest.js";

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export function checkReferences(raw: unknown): ConfigIssue[] {
  if (!isRecord(raw)) return [];
  const issues: ConfigIssue[] = [];
  const hasClaude = Object.hasOwn(raw, "mcpServers");
  const hasVsCode = Object.hasOwn(raw, "servers");
  if (hasClaude && hasVsCode) {
    issues.push({
      path: "$",
      message: 'found both "mcpServers" (Claude Desktop) and "servers" (VS Code); use one',
    });
  } else if (!hasClaude && !hasVsCode) {
    issues.push({ path: "$", message: 'missing "mcpServers" (Claude Desktop) or "servers" (VS Code)' });
  }
  const rootKey = hasClaude ? "mcpServers" : "servers";
  const root = raw[rootKey];
  // JSON.parse keeps "__proto__" as an own key but zod's record output drops it: say so instead of losing it.
  for (const key of [rootKey, "agents"]) {
    if (isRecord(raw[key]) && Object.hasOwn(raw[key], "__proto__")) {
      issues.push({
        path: formatJsonPath([key, "__proto__"]),
        message: '"__proto__" cannot be used as a name',
      });
    }
  }
  if (isRecord(root) && isRecord(raw.agents)) issues.push(...checkAgents(raw.agents, Object.keys(root)));
  if (isRecord(root)) issues.push(...checkPrefixes(root, rootKey));
  return issues;
}

/** Two servers with one `prefix` would give every shared tool name a hash instead of a readable prefix. */
function checkPrefixes(servers: Record<string, unknown>, rootKey: string): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  const owner = new Map<string, string>();
  for (const [name, server] of Object.entries(servers)) {
    if (!isRecord(server) || typeof server.prefix !== "string") continue;
    const first = owner.get(server.prefix);
    if (first === undefined) owner.set(server.prefix, name);
    else
      issues.push({
        path: formatJsonPath([rootKey, name, "prefix"]),
        message: `prefix ${JSON.stringify(server.prefix)} is also the prefix of server ${JSON.stringify(first)}; give each server its own`,
      });
  }
  return issues;
}

function checkAgents(agents: Record<string, unknown>, known: readonly string[]): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  const knownList = known.length === 0 ? "none" : known.join(", ");
  for (const [agent, value] of Object.entries(agents)) {
    if (!isRecord(value) || !Array.isArray(value.servers)) continue;
    const seen = new Set<string>();
    value.servers.forEach((server: unknown, index) => {
      if (typeof server !== "string") return;
      const path = formatJsonPath(["agents", agent, "servers", index]);
      if (seen.has(server))
        issues.push({ path, message: `server ${JSON.stringify(server)} is listed twice` });
      seen.add(server);
      if (known.includes(server)) return;
      const suggestion = closestMatch(server, known);
      const hint = suggestion === undefined ? "" : `; did you mean ${JSON.stringify(suggestion)}?`;
      issues.push({
        path,
        message: `unknown server ${JSON.stringify(server)}${hint} (known servers: ${knownList})`,
      });
    });
  }
  return issues;
}
