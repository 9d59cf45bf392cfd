/**
 * The server-to-client messages a session with client features receives most, read without the SDK's 2025-era
 * schemas: a `notifications/message` log line, a `notifications/resources/updated`, and the params of a
 * `roots/list` request. Each reader returns what the SDK's validator would hand its handler (the same members,
 * in the schema's order), or undefined for anything less plain, which the SDK-free client then passes to the SDK
 * (server-message-readers.property.test.ts holds them to the SDK's schemas).
 */
import type { LoggingMessageNotificationParams } from "@modelcontextprotocol/client";
import { isLogLevel } from "./log-levels.js";
import { isPlainObject } from "./plain-json.js";

/** A log line's params with `level`, `data` and perhaps a `logger`, as the SDK's schema returns them. */
export function readLogMessage(params: unknown): LoggingMessageNotificationParams | undefined {
  if (!isPlainObject(params) || !Object.hasOwn(params, "data")) return undefined;
  let logger: string | undefined;
  for (const key of Object.keys(params)) {
    if (key === "logger") {
      if (typeof params.logger !== "string") return undefined;
      logger = params.logger;
    } else if (key !== "level" && key !== "data") return undefined;
  }
  const { level, data } = params;
  if (!isLogLevel(level)) return undefined;
  const read = { level } as LoggingMessageNotificationParams;
  if (logger !== undefined) read.logger = logger;
  read.data = data;
  return read;
}

/** A `notifications/resources/updated`'s params when they are only the `uri`. */
export function readResourceUpdated(params: unknown): { uri: string } | undefined {
  if (!isPlainObject(params)) return undefined;
  const keys = Object.keys(params);
  if (keys.length !== 1 || keys[0] !== "uri" || typeof params.uri !== "string") return undefined;
  return { uri: params.uri };
}

/** Whether a request's params are ones the SDK accepts for a method that takes none: absent, or `{}`. */
export function noParams(params: unknown): boolean {
  return params === undefined || (isPlainObject(params) && Object.keys(params).length === 0);
}
