/**
 * A `CredentialStore` that forgets everything when the process ends: tests, the conformance client (which must
 * start every scenario with no cached client or token), and callers that manage persistence themselves.
 */
import type { CredentialStore, StoredCredentials } from "./types.js";

/** Keeps OAuth credentials in memory for the life of the process (tests, or a program that logs in each run). */
export class MemoryCredentialStore implements CredentialStore {
  readonly #entries = new Map<string, StoredCredentials>();

  async load(serverUrl: string): Promise<StoredCredentials | undefined> {
    const entry = this.#entries.get(serverUrl);
    // A copy, so a caller mutating what it loaded does not change the store behind its back.
    return entry === undefined ? undefined : structuredClone(entry);
  }

  async save(serverUrl: string, credentials: StoredCredentials): Promise<void> {
    this.#entries.set(serverUrl, structuredClone(credentials));
  }

  async delete(serverUrl: string): Promise<void> {
    this.#entries.delete(serverUrl);
  }

  async list(): Promise<string[]> {
    return [...this.#entries.keys()].sort();
  }
}
