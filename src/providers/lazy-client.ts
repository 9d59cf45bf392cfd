/**
 * A provider client made on first use. The SDKs are the heaviest modules switchboard depends on (together some
 * 20 MB of heap and half a second to load), so an adapter loads its SDK with `import()` when it first calls the
 * model, not when the adapter, or the `switchboard` barrel, is imported.
 */
export type ClientSource<T> = () => Promise<T>;

/** Runs `make` once, on the first call; concurrent callers share it, and a failed load is tried again. */
export function onFirstUse<T>(make: () => Promise<T>): ClientSource<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= make().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}
