/** MCP's log levels (RFC 5424 severities), least severe first, and the check that a value is one. */
import type { LoggingLevel } from "@modelcontextprotocol/client";

/** RFC 5424 severities, least severe first (MCP's order). */
export const LOG_LEVELS: readonly LoggingLevel[] = [
  "debug",
  "info",
  "notice",
  "warning",
  "error",
  "critical",
  "alert",
  "emergency",
];

/** Whether `value` is one of `LOG_LEVELS`. */
export function isLogLevel(value: unknown): value is LoggingLevel {
  return typeof value === "string" && (LOG_LEVELS as readonly string[]).includes(value);
}
