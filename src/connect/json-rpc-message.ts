/**
 * The check that a parsed stdout line is a JSON-RPC message, without the SDK: the same verdict as the SDK's
 * `parseJSONRPCMessage` (its `JSONRPCMessageSchema`, a union of four strict objects), which
 * json-rpc-message.property.test.ts holds equal on values near every edge of that schema. The SDK session
 * passes the SDK's own parser to the transport; the SDK-free stdio session (wire-client.ts) passes this one, so
 * its first connect does not load the SDK's zod schemas to read `initialize`'s answer.
 *
 * The message is returned as it is, not copied: the SDK's parse also drops members of `error` that the schema
 * does not name, which nothing here reads.
 */
import type { JSONRPCMessage } from "@modelcontextprotocol/client";

const REQUEST_KEYS: ReadonlySet<string> = new Set(["jsonrpc", "id", "method", "params"]);
const NOTIFICATION_KEYS: ReadonlySet<string> = new Set(["jsonrpc", "method", "params"]);
const RESULT_KEYS: ReadonlySet<string> = new Set(["jsonrpc", "id", "result"]);
const ERROR_KEYS: ReadonlySet<string> = new Set(["jsonrpc", "id", "error"]);

/** The SDK's `RELATED_TASK_META_KEY`, copied so this module loads no SDK code. */
const RELATED_TASK_META_KEY = "io.modelcontextprotocol/related-task";

/** `value` as a JSON-RPC message; throws when the SDK's schema would refuse it. */
export function readJsonRpcMessage(value: unknown): JSONRPCMessage {
  if (isJsonRpcMessage(value)) return value as JSONRPCMessage;
  throw new Error("not a JSON-RPC 2.0 message");
}

function isJsonRpcMessage(value: unknown): boolean {
  if (!isObject(value) || value.jsonrpc !== "2.0") return false;
  const keys = Object.keys(value);
  if (Object.hasOwn(value, "method")) {
    if (typeof value.method !== "string" || !paramsOk(value.params, Object.hasOwn(value, "params")))
      return false;
    return Object.hasOwn(value, "id")
      ? isRequestId(value.id) && keys.every((key) => REQUEST_KEYS.has(key))
      : keys.every((key) => NOTIFICATION_KEYS.has(key));
  }
  if (Object.hasOwn(value, "result")) {
    return (
      isRequestId(value.id) &&
      keys.every((key) => RESULT_KEYS.has(key)) &&
      isObject(value.result) &&
      (!Object.hasOwn(value.result, "_meta") || isObject(value.result._meta))
    );
  }
  if (!Object.hasOwn(value, "error") || !keys.every((key) => ERROR_KEYS.has(key))) return false;
  if (Object.hasOwn(value, "id") && !isRequestId(value.id)) return false;
  const error = value.error;
  return isObject(error) && isInteger(error.code) && typeof error.message === "string";
}

/** A request's or notification's `params`: absent, or an object whose `_meta` (if any) is the SDK's shape. */
function paramsOk(params: unknown, present: boolean): boolean {
  if (!present) return true;
  if (!isObject(params)) return false;
  if (!Object.hasOwn(params, "_meta")) return true;
  const meta = params._meta;
  if (!isObject(meta)) return false;
  if (Object.hasOwn(meta, "progressToken") && !isRequestId(meta.progressToken)) return false;
  if (Object.hasOwn(meta, RELATED_TASK_META_KEY)) {
    const related = meta[RELATED_TASK_META_KEY];
    if (!isObject(related) || typeof related.taskId !== "string") return false;
  }
  return true;
}

function isRequestId(value: unknown): boolean {
  return typeof value === "string" || isInteger(value);
}

/** zod's `z.number().int()`: a safe integer. */
function isInteger(value: unknown): boolean {
  return Number.isSafeInteger(value);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
