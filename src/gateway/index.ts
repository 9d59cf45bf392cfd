export { createGatewayServer } from "./create-server.js";
export { type ActiveCall, DownstreamPeers, type Peer, supports } from "./downstream-peers.js";
export {
  catalogueSurface,
  Gateway,
  type GatewayEvents,
  type GatewayOptions,
  type ToolCallContext,
  type ToolSurface,
} from "./gateway.js";
export { buildGatewayView, type GatewayTool, type GatewayView } from "./gateway-view.js";
export {
  allowedHostnames,
  checkBind,
  checkRequest,
  type GuardOptions,
  hostnameOf,
  isLoopback,
  type Refusal,
} from "./http/http-guard.js";
export { type HttpGateway, type HttpGatewayOptions, serveGatewayHttp } from "./http/serve-http.js";
export { type LimitSurface, type LimitSurfaceOptions, limitSurface } from "./limit-surface.js";
export { buildPromptTable, type DownstreamPrompt, type PromptTable } from "./prompt-table.js";
export {
  buildResourceTable,
  type DownstreamResource,
  type DownstreamTemplate,
  NAMESPACE_PREFIX,
  namespacedUri,
  type ResourceTable,
  type UpstreamResource,
  type UpstreamTemplate,
} from "./resource-table.js";
export {
  rewriteCallResult,
  rewriteContentBlock,
  rewritePromptResult,
  rewriteReadResult,
} from "./rewrite-uris.js";
export { type SearchSurfaceOptions, searchSurface } from "./search-surface.js";
export { type StdioGateway, type StdioGatewayOptions, serveGatewayStdio } from "./serve-stdio.js";
export { type GatewayInputOptions, gatewayInputReader } from "./stdio-input.js";
export { GatewayStdioTransport, type GatewayStdioTransportOptions } from "./stdio-transport.js";
export { toCallToolResult, toMcpContent } from "./to-call-tool-result.js";
