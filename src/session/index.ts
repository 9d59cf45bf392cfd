export { agentServers } from "./agent-servers.js";
export { type AppliedPins, applyPins } from "./apply-pins.js";
export { approvalFromConfig } from "./approval-from-config.js";
export { type ConnectServers, type OpenSessionOptions, openSession } from "./open-session.js";
export type { ContextItem, Session, SessionRunOptions } from "./session.js";
