import type { ContextMessage } from "./types.js";

/** Consecutive messages of the same role become one (parts in order); empty messages are dropped. */
export function mergeSameRole(messages: readonly ContextMessage[]): ContextMessage[] {
  const merged: ContextMessage[] = [];
  for (const message of messages) {
    if (message.parts.length === 0) continue;
    const last = merged.at(-1);
    if (last !== undefined && last.role === message.role) last.parts.push(...message.parts);
    else merged.push({ role: message.role, parts: [...message.parts] });
  }
  return merged;
}
