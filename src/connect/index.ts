export { backoffDelay, defaultRestartPolicy, type RestartPolicy } from "./backoff.js";
export { ToolCallError, type ToolCallFailure } from "./call-errors.js";
export type { ChildExit } from "./child-process-transport.js";
export {
  ConnectionPool,
  type ConnectionPoolOptions,
  type ServerStatus,
  statusOf,
} from "./connection-pool.js";
export { killServerProcesses } from "./live-server-processes.js";
export { ServerConnection } from "./server-connection.js";
export type {
  CallToolOptions,
  CallToolResult,
  ConnectionEvents,
  ConnectionOptions,
  ConnectionState,
  ListKind,
  McpResourceTemplate,
  ServerListing,
  SessionInfo,
  WireTransport,
} from "./types.js";
