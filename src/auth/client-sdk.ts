/**
 * The MCP client SDK, loaded on first use instead of at `import "switchboard"`: with its zod schemas and ajv it
 * was the largest part of the package's import time, and a program that only translates tools, repairs schemas
 * or reads the ledger never opens a session. Every path that opens one (connecting, an OAuth flow) is async and
 * awaits `loadClientSdk()` first; synchronous code reads the loaded module through `loadedClientSdk()`.
 */
import type * as ClientSdk from "@modelcontextprotocol/client";

/** The `@modelcontextprotocol/client` module namespace. */
export type ClientSdkModule = typeof ClientSdk;

let loaded: ClientSdkModule | undefined;
let loading: Promise<ClientSdkModule> | undefined;

/** Loads the SDK (once per process) and returns it. */
export function loadClientSdk(): Promise<ClientSdkModule> {
  if (loaded !== undefined) return Promise.resolve(loaded);
  loading ??= import("@modelcontextprotocol/client").then((sdk) => {
    loaded = sdk;
    return sdk;
  });
  return loading;
}

/**
 * The SDK if `loadClientSdk()` has loaded it, else undefined. An error or object the SDK made can exist only
 * once it is loaded, so `loadedClientSdk()?.ProtocolError` is how a synchronous check recognises one.
 */
export function loadedClientSdk(): ClientSdkModule | undefined {
  return loaded;
}

/**
 * The SDK for synchronous code that runs only after an async caller loaded it (building a client-credentials
 * provider inside `connectHost`). Throws when that ordering is broken: a switchboard bug, not a user error.
 */
export function clientSdkLoaded(what: string): ClientSdkModule {
  if (loaded === undefined)
    throw new Error(
      `${what} needs the MCP client SDK, which is not loaded yet (await loadClientSdk() first)`,
    );
  return loaded;
}
