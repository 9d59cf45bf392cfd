/**
 * The commonest `tools/call` results, `{ content: [{ type: "text", text }], structuredContent?, isError? }`, read
 * without the SDK's result validator. That validator (the 2025 wire schema) passes every result through a zod
 * `superRefine` and a `transform` before the result schema proper, and each of them stores a closure over the
 * parse's payload on the payload itself; V8's minor collections then keep the payload, and the result it holds,
 * alive until the next full collection. Measured on the peers harness (Node 22, 100 KiB echo): old space grew
 * 2.5 MB between scavenges, each scavenge took 2.5-3.5 ms instead of 0.3-0.6, and the p99 was 3.6-3.9 ms instead
 * of 1.6-1.9. The same happens with a bare `z.unknown().superRefine(() => {})` and in plain JavaScript (a fresh
 * closure over an object stored on that object, Node 20, 22 and 24), so it is not ours to fix there.
 *
 * Exactly the values for which that validator's answer is known are read here: a plain object whose only keys are
 * `content` (a dense array of plain objects whose only keys are `type: "text"` and a string `text`), optionally a
 * boolean `isError`, and optionally `structuredContent`, a plain object (what a tool with an `outputSchema`
 * returns). For those the validator's refinement and transform do nothing and its result schema returns the same
 * members in its own key order, which is what this returns (text-only-result.property.test.ts holds the two
 * equal). Anything else returns undefined, and the caller asks the SDK's validator as before.
 */
import type { CallToolResult } from "@modelcontextprotocol/client";

/**
 * The result as the SDK's validator would return it, or undefined when `value` is not of that shape. `value` is
 * what JSON.parse made of a server's answer; anything with another prototype, a symbol, an accessor or a
 * non-enumerable key is left to the SDK.
 */
export function textOnlyResult(value: unknown): CallToolResult | undefined {
  if (!isPlainRecord(value, RESULT_KEYS) || !Object.hasOwn(value, "content")) return undefined;
  const { content, isError, structuredContent } = value;
  if (isError !== undefined && typeof isError !== "boolean") return undefined;
  if (!Array.isArray(content) || Object.getPrototypeOf(content) !== Array.prototype) return undefined;
  // Dense: the indexes and `length`, nothing else.
  if (Reflect.ownKeys(content).length !== content.length + 1) return undefined;
  const blocks: { type: "text"; text: string }[] = new Array(content.length);
  for (let i = 0; i < content.length; i += 1) {
    const block: unknown = content[i];
    if (!isPlainRecord(block, BLOCK_KEYS) || Reflect.ownKeys(block).length !== 2) return undefined;
    const { type, text } = block;
    if (type !== "text" || typeof text !== "string") return undefined;
    blocks[i] = { type, text };
  }
  const result: CallToolResult = { content: blocks };
  if (Object.hasOwn(value, "structuredContent")) {
    // The SDK's record schema copies the object's members (the values as they are) and drops a `__proto__`
    // member; an object with one is left to it.
    if (!isPlainRecord(structuredContent, undefined) || Object.hasOwn(structuredContent, "__proto__"))
      return undefined;
    result.structuredContent = { ...structuredContent };
  }
  if (isError !== undefined) result.isError = isError;
  return result;
}

const RESULT_KEYS = new Set(["content", "isError", "structuredContent"]);
const BLOCK_KEYS = new Set(["type", "text"]);

/**
 * A plain object (Object.prototype) whose own keys are all strings naming enumerable data properties, each one of
 * `keys` when that is given.
 */
function isPlainRecord(
  value: unknown,
  keys: ReadonlySet<string> | undefined,
): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Object.getPrototypeOf(value) !== Object.prototype)
    return false;
  for (const key of Reflect.ownKeys(value)) {
    if (typeof key !== "string" || (keys !== undefined && !keys.has(key))) return false;
    const descriptor = Object.getOwnPropertyDescriptor(value, key);
    if (descriptor === undefined || !descriptor.enumerable || !("value" in descriptor)) return false;
  }
  return true;
}
