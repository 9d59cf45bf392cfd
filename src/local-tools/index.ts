export { LOCAL_TOOLS_SERVER } from "../config/reserved-server-name.js";
export {
  type CheckedArguments,
  type JsonSchemaToolDefinition,
  joinLocalTools,
  type LocalTool,
  type LocalToolContext,
  type LocalToolReturn,
  localServerTools,
  localTool,
  type ZodToolDefinition,
} from "./local-tool.js";
export { type LocalCallOptions, type LocalRun, runLocalTool } from "./run-local-tool.js";
