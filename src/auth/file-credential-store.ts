/**
 * OAuth credentials in one JSON file (`{ "version": 1, "servers": { "<url>": StoredCredentials } }`), readable
 * by its owner only. Writes are atomic (a 0600 temp file in the same directory, then rename), so a reader never
 * sees half a file. Each write takes a lock file (`<path>.lock`, created exclusively; one older than 10 s is
 * taken as left by a crashed process), re-reads the file and changes only its own server's entry, so two
 * switchboard processes refreshing tokens for different servers do not undo each other. Contents never reach a
 * message.
 */
import { randomBytes } from "node:crypto";
import { constants } from "node:fs";
import { type FileHandle, lstat, mkdir, open, rename, stat, unlink } from "node:fs/promises";
import { dirname } from "node:path";
import { SwitchboardError } from "../errors.js";
import type { CredentialStore, StoredCredentials } from "./types.js";

export interface FileCredentialStoreOptions {
  /**
   * Told when the file was readable by group or others; the store then narrows it to 0600 and carries on
   * (refusing would lock the user out of servers whose tokens may already be exposed; fixing limits further harm).
   * Only a regular file is ever narrowed: a symbolic link or a directory at the path is refused, never changed.
   */
  onWarning?: (message: string) => void;
}

interface CredentialsFile {
  version: 1;
  servers: Record<string, StoredCredentials>;
}

const FILE_MODE = 0o600;
const DIR_MODE = 0o700;
const LOCK_STALE_MS = 10_000;
const LOCK_WAIT_MS = 5_000;
/** `O_NOFOLLOW` where the platform has it (not on Windows, where links need privileges to create). */
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;

/** The same server spelled `https://x.example/mcp` or `HTTPS://X.example/mcp` shares one entry. */
export function credentialKey(serverUrl: string): string {
  return URL.canParse(serverUrl) ? new URL(serverUrl).href : serverUrl;
}

/**
 * Stores OAuth credentials in one owner-only JSON file, safely shared by several processes; the store
 * `switchboard auth login` uses (at `credentialsPath`).
 */
export class FileCredentialStore implements CredentialStore {
  readonly path: string;
  readonly #onWarning: (message: string) => void;
  /** Serialises this process's writes; other processes are handled by a lock, re-read + merge, atomic rename. */
  #queue: Promise<unknown> = Promise.resolve();
  /**
   * The last parse, keyed by the file's identity (inode, size, mtime): the SDK asks for tokens before every
   * request, and a `stat` is much cheaper than read + parse. Another process's rename changes the inode.
   */
  #cache: { identity: string; file: CredentialsFile } | undefined;

  constructor(path: string, options: FileCredentialStoreOptions = {}) {
    this.path = path;
    this.#onWarning = options.onWarning ?? (() => {});
  }

  async load(serverUrl: string): Promise<StoredCredentials | undefined> {
    await this.#queue;
    const file = await this.#read();
    const key = credentialKey(serverUrl);
    // A copy: a caller changing what it loaded must not change the cache.
    return Object.hasOwn(file.servers, key) ? structuredClone(file.servers[key]) : undefined;
  }

  save(serverUrl: string, credentials: StoredCredentials): Promise<void> {
    return this.#update((servers) => {
      servers[credentialKey(serverUrl)] = credentials;
    });
  }

  delete(serverUrl: string): Promise<void> {
    return this.#update((servers) => {
      delete servers[credentialKey(serverUrl)];
    });
  }

  async list(): Promise<string[]> {
    await this.#queue;
    return Object.keys((await this.#read()).servers).sort();
  }

  #update(change: (servers: Record<string, StoredCredentials>) => void): Promise<void> {
    const next = this.#queue.then(() =>
      this.#locked(async () => {
        const file = structuredClone(await this.#read());
        change(file.servers);
        await this.#write(file);
      }),
    );
    this.#queue = next.catch(() => {});
    return next;
  }

  /** Runs `work` holding `<path>.lock`; waits up to 5 s for another writer, then breaks a stale lock. */
  async #locked<T>(work: () => Promise<T>): Promise<T> {
    await mkdir(dirname(this.path), { recursive: true, mode: DIR_MODE });
    const lock = `${this.path}.lock`;
    const started = Date.now();
    for (;;) {
      try {
        await (await open(lock, "wx", FILE_MODE)).close();
        break;
      } catch (cause) {
        if ((cause as NodeJS.ErrnoException).code !== "EEXIST")
          throw unreadable(this.path, "cannot lock it", cause);
        const age = await stat(lock).then(
          (info) => Date.now() - info.mtimeMs,
          () => 0,
        );
        if (age > LOCK_STALE_MS) await unlink(lock).catch(() => {});
        else if (Date.now() - started > LOCK_WAIT_MS)
          throw unreadable(
            this.path,
            `another process holds ${lock}; delete it if no switchboard is running`,
          );
        else await new Promise((resolve) => setTimeout(resolve, 15 + Math.random() * 20));
      }
    }
    try {
      return await work();
    } finally {
      await unlink(lock).catch(() => {});
    }
  }

  async #read(): Promise<CredentialsFile> {
    let info: Awaited<ReturnType<typeof lstat>>;
    try {
      info = await lstat(this.path);
    } catch (cause) {
      if (errno(cause) === "ENOENT") {
        this.#cache = undefined;
        return { version: 1, servers: Object.create(null) };
      }
      throw unreadable(this.path, `cannot read it (${errno(cause)})`, cause);
    }
    // A link would have its target narrowed to 0600 and read here, then be replaced by the next write's rename.
    if (info.isSymbolicLink()) throw symlinked(this.path);
    if (!info.isFile()) throw unreadable(this.path, "it is not a regular file");
    // Every write renames a new file into place, so another process's write changes the inode.
    const identity = `${info.ino}:${info.size}:${info.mtimeMs}:${info.ctimeMs}`;
    const cached = this.#cache;
    if (cached !== undefined && cached.identity === identity && (info.mode & 0o077) === 0) return cached.file;
    const file = parseFile(this.path, await this.#readNarrowed());
    this.#cache = { identity, file };
    return file;
  }

  /**
   * The file's text, read through one handle that never follows a link (a link swapped in after `lstat` fails)
   * nor blocks on a FIFO; a group- or world-readable file is narrowed to 0600 through the same handle, so only
   * the regular file that is read is ever changed.
   */
  async #readNarrowed(): Promise<string> {
    let handle: FileHandle;
    try {
      handle = await open(this.path, constants.O_RDONLY | NO_FOLLOW | constants.O_NONBLOCK);
    } catch (cause) {
      if (errno(cause) === "ELOOP") throw symlinked(this.path, cause);
      throw unreadable(this.path, `cannot read it (${errno(cause)})`, cause);
    }
    try {
      const info = await handle.stat();
      if (!info.isFile()) throw unreadable(this.path, "it is not a regular file");
      if ((info.mode & 0o077) !== 0) {
        const mode = (info.mode & 0o777).toString(8).padStart(3, "0");
        this.#onWarning(
          `credentials file ${this.path} was readable by other users (mode ${mode}); changed it to 600. ` +
            "If others could read it, log out and in again to replace the tokens.",
        );
        await handle.chmod(FILE_MODE).catch((cause: unknown) => {
          throw unreadable(
            this.path,
            "it is readable by other users and could not be changed to mode 600",
            cause,
          );
        });
      }
      return await handle.readFile("utf8").catch((cause: unknown) => {
        throw unreadable(this.path, `cannot read it (${errno(cause)})`, cause);
      });
    } finally {
      await handle.close();
    }
  }

  async #write(file: CredentialsFile): Promise<void> {
    const temp = `${this.path}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
    // `wx`: never follow or reuse an existing file; the mode applies from creation, so no moment is world-readable.
    const handle = await open(temp, "wx", FILE_MODE);
    try {
      await handle.writeFile(`${JSON.stringify(file, null, 2)}\n`, "utf8");
      await handle.chmod(FILE_MODE); // a umask can only narrow it; this also covers filesystems that ignore it
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await rename(temp, this.path);
    } catch (cause) {
      await unlink(temp).catch(() => {});
      throw unreadable(
        this.path,
        `cannot replace it (${(cause as NodeJS.ErrnoException).code ?? "error"})`,
        cause,
      );
    }
  }
}

/** Text → file, or an error naming the path and never quoting the contents (they are secrets). */
function parseFile(path: string, text: string): CredentialsFile {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw unreadable(path, "it is not valid JSON; fix or delete it (then log in again)");
  }
  const servers = (value as { servers?: unknown } | null)?.servers;
  if (typeof value !== "object" || value === null || typeof servers !== "object" || servers === null) {
    throw unreadable(path, 'expected an object with "servers"; fix or delete it (then log in again)');
  }
  const clean: Record<string, StoredCredentials> = Object.create(null);
  for (const [url, entry] of Object.entries(servers)) {
    if (typeof entry === "object" && entry !== null && !Array.isArray(entry))
      clean[url] = entry as StoredCredentials;
  }
  return { version: 1, servers: clean };
}

function symlinked(path: string, cause?: unknown): SwitchboardError {
  return unreadable(
    path,
    "it is a symbolic link; switchboard keeps tokens only in a regular file (point SWITCHBOARD_CREDENTIALS at the file itself)",
    cause,
  );
}

function errno(cause: unknown): string {
  return (cause as NodeJS.ErrnoException).code ?? "error";
}

function unreadable(path: string, why: string, cause?: unknown): SwitchboardError {
  return new SwitchboardError(
    "AUTH_STORE_UNREADABLE",
    `Credentials file ${path}: ${why}`,
    cause === undefined ? {} : { cause },
  );
}
