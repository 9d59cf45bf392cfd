export type { AgentEvent, AgentEventListener, StopReason } from "./agent-events.js";
export { describeModelError } from "./describe-model-error.js";
export { type LiveToolsetOptions, liveToolset } from "./live-toolset.js";
export {
  type AgentResult,
  type AgentToolCall,
  type AgentToolset,
  DEFAULT_MAX_TURNS,
  type RunAgentOptions,
  runAgent,
  type ToolsetContext,
} from "./run-agent.js";
export {
  addUsage,
  type BudgetState,
  budgetExceeded,
  type TokenBudget,
  ZERO_USAGE,
} from "./stop-conditions.js";
