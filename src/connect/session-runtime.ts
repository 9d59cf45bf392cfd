/**
 * What a `ServerConnection` does only through the MCP client SDK (tasks, skill files, OAuth retries), behind one
 * dynamic `import()` that `sessionRuntime()` in server-connection.ts makes after loading the SDK. Opening and
 * listing a session is connection-runtime.ts, which loads no SDK code.
 */
export { finishPendingAuthorization } from "../auth/session-auth.js";
export { toolResultValidator } from "./memo-result-validator.js";
export { checkToolOutput } from "./output-check.js";
export { readSkillFile } from "./skills.js";
export { callToolAsTask } from "./tool-task.js";
