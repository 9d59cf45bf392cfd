/**
 * The check a `clientMetadataUrl` (CIMD, SEP-991) gets when a provider is made: an `https:` URL with a path
 * other than `/`. It runs without the MCP client SDK, so making a provider does not load it; a URL that fails
 * is then refused by the SDK's own `validateClientMetadataUrl`, for its `OAuthError` and wording.
 */
import { createRequire } from "node:module";
import { type ClientSdkModule, loadedClientSdk } from "./client-sdk.js";

const require = createRequire(import.meta.url);

/** Throws the SDK's `OAuthError` (`invalid_client_metadata`) when `url` is given and is not a usable CIMD URL. */
export function validateClientMetadataUrl(url: string | undefined): void {
  if (url === undefined || url === "" || isHttpsWithPath(url)) return;
  // Refusing a bad URL is rare and fatal: loading the SDK here (its CommonJS build when nothing loaded the ESM
  // one yet, since a constructor cannot await) is cheaper than loading it on every import.
  const sdk = loadedClientSdk() ?? (require("@modelcontextprotocol/client") as ClientSdkModule);
  sdk.validateClientMetadataUrl(url);
}

function isHttpsWithPath(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.pathname !== "/";
  } catch {
    return false;
  }
}
