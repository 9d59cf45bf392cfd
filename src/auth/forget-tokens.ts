import type { CredentialStore, StoredCredentials } from "./types.js";

/**
 * Drops the stored tokens of `url` so the next connect logs in again, keeping the client registration and the
 * discovered metadata. The DPoP key that bound them goes too: the new login binds its tokens to a fresh one.
 * `stored` is what the store holds now; without tokens nothing is written.
 */
export async function forgetTokens(
  store: CredentialStore,
  url: string,
  stored: StoredCredentials | undefined,
): Promise<void> {
  if (stored?.tokens === undefined) return;
  const { tokens: _tokens, tokensSavedAt: _savedAt, tokensBoundTo: _bound, dpopKey: _key, ...rest } = stored;
  await store.save(url, rest);
}
