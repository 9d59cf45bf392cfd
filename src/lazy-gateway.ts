/**
 * The gateway as the `switchboard` barrel exports it: loaded on first use. The gateway pulls in the MCP server SDK
 * (some 2.5 MB of heap, measured by bench/heap-profile.mjs), which a host that connects servers and builds tools
 * arrays never needs. Each export here imports `gateway/` when a gateway is first started or served, and behaves
 * as the gateway's own: `Gateway.start` is the only way to make a gateway (its constructor is private), so
 * `instanceof Gateway` holds for every gateway there is, and serving one finds its module already loaded.
 */
import type * as GatewayModule from "./gateway/index.js";

type Module = typeof GatewayModule;

let loaded: Module | undefined;

async function load(): Promise<Module> {
  loaded ??= await import("./gateway/index.js");
  return loaded;
}

export type Gateway = GatewayModule.Gateway;

/** What the barrel's `Gateway` offers: the real class's static side (`start`), and `instanceof`. */
export interface GatewayClass {
  readonly name: string;
  start(...args: Parameters<Module["Gateway"]["start"]>): ReturnType<Module["Gateway"]["start"]>;
  [Symbol.hasInstance](value: unknown): boolean;
}

class LazyGateway {
  private constructor() {}

  static async start(
    ...args: Parameters<Module["Gateway"]["start"]>
  ): ReturnType<Module["Gateway"]["start"]> {
    return (await load()).Gateway.start(...args);
  }

  static [Symbol.hasInstance](value: unknown): boolean {
    return loaded !== undefined && value instanceof loaded.Gateway;
  }
}
Object.defineProperty(LazyGateway, "name", { value: "Gateway" });

export const Gateway: GatewayClass = LazyGateway;

export async function serveGatewayHttp(
  ...args: Parameters<Module["serveGatewayHttp"]>
): ReturnType<Module["serveGatewayHttp"]> {
  return (await load()).serveGatewayHttp(...args);
}

/** Synchronous, as the gateway's own: a gateway exists only once `Gateway.start` has loaded the module. */
export function serveGatewayStdio(
  ...args: Parameters<Module["serveGatewayStdio"]>
): ReturnType<Module["serveGatewayStdio"]> {
  if (loaded === undefined) throw new TypeError("serveGatewayStdio needs a gateway made by Gateway.start");
  return loaded.serveGatewayStdio(...args);
}
