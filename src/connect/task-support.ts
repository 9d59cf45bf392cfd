/**
 * Whether a `tools/call` runs as an MCP task (protocol revision 2025-11-25, the experimental Tasks utility): the
 * tool asks for it (`execution.taskSupport` "required" or "optional") and the server declared task-augmented
 * `tools/call` (`capabilities.tasks.requests.tools.call`). The 2026-07-28 revision deleted both fields, so a
 * session on it never runs tasks.
 */
import type { CallToolResult, ServerCapabilities, Tool } from "@modelcontextprotocol/client";

/** `task`: send it task-augmented; `plain`: an ordinary call; `unavailable`: required, but the server cannot. */
export type TaskMode = "task" | "plain" | "unavailable";

/** How `tool` is called on a server with `capabilities`. */
export function taskMode(tool: Tool | undefined, capabilities: ServerCapabilities | undefined): TaskMode {
  const support = tool?.execution?.taskSupport;
  if (support !== "required" && support !== "optional") return "plain";
  if (offersToolTasks(capabilities)) return "task";
  // An optional tool still answers an ordinary call; a required one would refuse it.
  return support === "required" ? "unavailable" : "plain";
}

function offersToolTasks(capabilities: ServerCapabilities | undefined): boolean {
  const tasks = (capabilities as { tasks?: { requests?: { tools?: { call?: unknown } } } } | undefined)
    ?.tasks;
  const call = tasks?.requests?.tools?.call;
  return call !== undefined && call !== null && typeof call === "object";
}

/**
 * The answer to a call of a tool that must run as a task on a server that offers none: the model reads why, and
 * the server is never sent a call it would refuse (or hold).
 */
export function taskUnavailableResult(server: string, tool: string): CallToolResult {
  return {
    isError: true,
    content: [
      {
        type: "text",
        text: `Tool "${tool}" on server "${server}" must run as a task (execution.taskSupport "required"), but the server did not declare task support for tools/call (capabilities.tasks.requests.tools.call); the call was not sent.`,
      },
    ],
  };
}
