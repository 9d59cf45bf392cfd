/**
 * What a `ServerConnection` does through the MCP client SDK, behind one dynamic `import()`: the connection
 * module itself (exported from the package) then loads no SDK code, and the SDK arrives with the first connect.
 * Import it only through `sessionRuntime()` in server-connection.ts, which loads the SDK first.
 */
export { finishPendingAuthorization } from "../auth/session-auth.js";
export { describeExit } from "./child-process-transport.js";
export { allListKinds, fetchListing } from "./fetch-listing.js";
export { toolResultValidator } from "./memo-result-validator.js";
export { openSession } from "./open-session.js";
export { checkToolOutput } from "./output-check.js";
export { readSkillFile } from "./skills.js";
export { callToolAsTask } from "./tool-task.js";
