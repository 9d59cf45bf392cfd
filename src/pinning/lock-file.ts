/**
 * `switchboard.lock`: the approved definition of every pinned tool, with its hash and when it was approved. JSON
 * with sorted keys and one tool per block, so a change reviews well in version control. The definition is kept
 * (not only its hash) so a later change can be shown as a diff; the hash is checked against it on every read, so
 * a hand edit of one without the other is caught.
 */
import { readFile, rename, writeFile } from "node:fs/promises";
import { SwitchboardError } from "../errors.js";
import { identityOf } from "../naming/short-hash.js";
import { canonicalJson } from "../schema/canonical-json.js";
import type { JsonObject } from "../spec/json.js";
import { definitionHash, type PinnedDefinition } from "./tool-definition.js";

/** The lock file's name beside the config: the approved tool definitions `pinnedCatalog` holds servers to. */
export const LOCK_FILE_NAME = "switchboard.lock";
const LOCKFILE_VERSION = 1;

export interface ToolPin {
  server: string;
  tool: string;
  /** `sha256:<hex>` of the definition's canonical JSON. */
  hash: string;
  /** ISO time of the approval. */
  approvedAt: string;
  definition: PinnedDefinition;
}

/** Pins sorted by (server, tool); at most one per pair. */
export interface LockFile {
  pins: ToolPin[];
}

export function pinKey(server: string, tool: string): string {
  return identityOf(server, tool);
}

export function lockFile(pins: readonly ToolPin[]): LockFile {
  const unique = new Map(pins.map((pin) => [pinKey(pin.server, pin.tool), pin]));
  return {
    pins: [...unique.values()].sort((a, b) => compare(a.server, b.server) || compare(a.tool, b.tool)),
  };
}

/** Reads and checks a lock file; `undefined` when there is none yet. */
export async function readLockFile(path: string): Promise<LockFile | undefined> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new SwitchboardError("CONFIG_UNREADABLE", `Cannot read ${path}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  return parseLockFile(text, path);
}

export function parseLockFile(text: string, path: string): LockFile {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw invalid(path, `not valid JSON (${(error as Error).message})`, error);
  }
  if (!isRecord(value) || value.lockfileVersion !== LOCKFILE_VERSION || !isRecord(value.servers)) {
    throw invalid(path, `expected {"lockfileVersion": ${LOCKFILE_VERSION}, "servers": {...}}`);
  }
  const pins: ToolPin[] = [];
  for (const [server, tools] of Object.entries(value.servers)) {
    if (!isRecord(tools)) throw invalid(path, `$.servers[${JSON.stringify(server)}] must be an object`);
    for (const [tool, entry] of Object.entries(tools)) {
      const where = `$.servers[${JSON.stringify(server)}][${JSON.stringify(tool)}]`;
      if (
        !isRecord(entry) ||
        typeof entry.hash !== "string" ||
        typeof entry.approvedAt !== "string" ||
        !isRecord(entry.definition) ||
        !isRecord(entry.definition.inputSchema)
      ) {
        throw invalid(
          path,
          `${where} must have "hash", "approvedAt" and a "definition" with an "inputSchema"`,
        );
      }
      const definition = entry.definition as unknown as PinnedDefinition;
      if (definitionHash(definition) !== entry.hash) {
        throw invalid(path, `${where}: the hash does not match the pinned definition (edited by hand?)`);
      }
      pins.push({ server, tool, hash: entry.hash, approvedAt: entry.approvedAt, definition });
    }
  }
  return lockFile(pins);
}

export function serializeLockFile(lock: LockFile): string {
  const servers: Record<string, Record<string, JsonObject>> = Object.create(null);
  for (const pin of lockFile(lock.pins).pins) {
    if (!Object.hasOwn(servers, pin.server)) define(servers, pin.server, Object.create(null));
    define(servers[pin.server]!, pin.tool, {
      hash: pin.hash,
      approvedAt: pin.approvedAt,
      definition: JSON.parse(canonicalJson(pin.definition)) as JsonObject,
    });
  }
  const document = {
    lockfileVersion: LOCKFILE_VERSION,
    note: "Tool definitions approved for the model. Review changes with `switchboard pin`, approve them with `switchboard pin --approve`.",
    servers,
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** Writes atomically (a reader never sees half a file). */
export async function writeLockFile(path: string, lock: LockFile): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, serializeLockFile(lock));
  await rename(temporary, path);
}

/** An own property even for names like `__proto__` (a server may call its tool anything). */
function define(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function invalid(path: string, detail: string, cause?: unknown): SwitchboardError {
  return new SwitchboardError("CONFIG_INVALID", `Invalid lock file ${path}: ${detail}`, {
    ...(cause === undefined ? {} : { cause }),
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
