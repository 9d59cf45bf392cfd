/**
 * The commonest answers to `initialize`, read without the SDK's 2025-era result schema: capabilities among
 * `logging`, `completions`, `prompts`, `resources` and `tools` with their plain flags, a `serverInfo` of name,
 * version and perhaps a title, and perhaps `instructions`. For those the schema's answer is known: the same members
 * in the schema's key order, which is what this returns (initialize-result.property.test.ts holds the two equal).
 * Anything else (tasks, extensions, icons, `_meta`, a malformed answer) returns undefined, and the caller asks the
 * SDK's validator, which then loads.
 */
import type { Implementation, ServerCapabilities } from "@modelcontextprotocol/client";

/** What a session keeps of the server's `initialize` answer. */
export interface InitializeFacts {
  protocolVersion: string;
  capabilities: ServerCapabilities;
  serverInfo: Implementation;
  instructions?: string;
}

const RESULT_KEYS: ReadonlySet<string> = new Set([
  "protocolVersion",
  "capabilities",
  "serverInfo",
  "instructions",
]);
const INFO_KEYS: ReadonlySet<string> = new Set(["name", "title", "version"]);
/** The capabilities read here, in the schema's order (the order the SDK's answer has). */
const CAPABILITY_ORDER = ["logging", "completions", "prompts", "resources", "tools"] as const;
const CAPABILITY_KEYS: ReadonlySet<string> = new Set(CAPABILITY_ORDER);
/** Each capability's flags, in the schema's order; `logging` and `completions` are read only when empty. */
const FLAGS: Record<(typeof CAPABILITY_ORDER)[number], readonly string[]> = {
  logging: [],
  completions: [],
  prompts: ["listChanged"],
  resources: ["subscribe", "listChanged"],
  tools: ["listChanged"],
};

/** The answer as the SDK's validator would return it, or undefined when it is not of the shape above. */
export function readInitializeResult(value: unknown): InitializeFacts | undefined {
  if (!isPlain(value, RESULT_KEYS)) return undefined;
  const { protocolVersion, capabilities, serverInfo, instructions } = value;
  if (typeof protocolVersion !== "string") return undefined;
  if (instructions !== undefined && typeof instructions !== "string") return undefined;
  if (!isPlain(serverInfo, INFO_KEYS)) return undefined;
  const { name, title, version } = serverInfo;
  if (typeof name !== "string" || typeof version !== "string") return undefined;
  if (title !== undefined && typeof title !== "string") return undefined;
  const read = readCapabilities(capabilities);
  if (read === undefined) return undefined;
  const facts: InitializeFacts = {
    protocolVersion,
    capabilities: read,
    serverInfo: title === undefined ? { name, version } : { name, title, version },
  };
  if (instructions !== undefined) facts.instructions = instructions;
  return facts;
}

function readCapabilities(value: unknown): ServerCapabilities | undefined {
  if (!isPlain(value, CAPABILITY_KEYS)) return undefined;
  const capabilities: Record<string, Record<string, boolean>> = {};
  for (const key of CAPABILITY_ORDER) {
    if (!Object.hasOwn(value, key)) continue;
    const flags = FLAGS[key];
    const entry = value[key];
    if (!isPlain(entry, new Set(flags))) return undefined;
    const copy: Record<string, boolean> = {};
    for (const flag of flags) {
      if (!Object.hasOwn(entry, flag)) continue;
      const set = entry[flag];
      if (typeof set !== "boolean") return undefined;
      copy[flag] = set;
    }
    capabilities[key] = copy;
  }
  return capabilities as ServerCapabilities;
}

/** A plain object (as JSON.parse makes one) whose keys are all among `keys`. */
function isPlain(value: unknown, keys: ReadonlySet<string>): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Object.getPrototypeOf(value) !== Object.prototype)
    return false;
  for (const key of Object.keys(value)) if (!keys.has(key)) return false;
  return true;
}
