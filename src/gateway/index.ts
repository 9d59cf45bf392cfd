/**
 * `switchboard/gateway`: the curated catalogue served as one MCP server. A subpath of its own because it brings
 * the MCP server SDK (some 2.5 MB of heap, bench/heap-profile.mjs), which a host that only connects servers and
 * builds tools arrays never loads.
 */
export {
  catalogueSurface,
  Gateway,
  type GatewayEvents,
  type GatewayOptions,
  type ToolCallContext,
  type ToolSurface,
} from "./gateway.js";
export type { GatewayTool, GatewayView } from "./gateway-view.js";
export { type HttpGateway, type HttpGatewayOptions, serveGatewayHttp } from "./http/serve-http.js";
export { type StdioGateway, type StdioGatewayOptions, serveGatewayStdio } from "./serve-stdio.js";
