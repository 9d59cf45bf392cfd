/** Server log messages (`notifications/message`) as lines for switchboard's logger, filtered per server. */
import { LOG_LEVELS } from "../connect/log-levels.js";
import type { LoggingLevel, LoggingMessageNotificationParams } from "../connect/types.js";

export { isLogLevel, LOG_LEVELS } from "../connect/log-levels.js";

/** True when `level` is at least as severe as `minimum`. */
export function atLeast(level: LoggingLevel, minimum: LoggingLevel): boolean {
  return LOG_LEVELS.indexOf(level) >= LOG_LEVELS.indexOf(minimum);
}

export interface ServerLogEntry {
  server: string;
  level: LoggingLevel;
  /** The server's logger name, when it gave one. */
  logger?: string;
  /** `data` as one line of text. */
  message: string;
}

export function toLogEntry(server: string, params: LoggingMessageNotificationParams): ServerLogEntry {
  return {
    server,
    level: params.level,
    ...(typeof params.logger === "string" ? { logger: params.logger } : {}),
    message: typeof params.data === "string" ? params.data : safeJson(params.data),
  };
}

/** `[server] level (logger): message`. */
export function formatLogEntry(entry: ServerLogEntry): string {
  const logger = entry.logger === undefined ? "" : ` (${entry.logger})`;
  return `[${entry.server}] ${entry.level}${logger}: ${entry.message}`;
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
