/**
 * A ledger with a known story for the `usage` tests: five sessions on five days in which input tokens per call
 * grow 38% (3,800 → 5,244) because server `github` joined with 19 tools (21 → 40 tools).
 */
import { openLedger } from "../../src/ledger/usage-ledger.js";
import type { UsageRecord } from "../../src/ledger/usage-record.js";

export const SESSIONS = [
  { day: "2026-11-24", perCall: 3800, servers: { docs: 21 } },
  { day: "2026-11-25", perCall: 3900, servers: { docs: 21 } },
  { day: "2026-11-26", perCall: 4100, servers: { docs: 21, github: 5 } },
  { day: "2026-11-28", perCall: 4900, servers: { docs: 21, github: 12 } },
  { day: "2026-11-30", perCall: 5244, servers: { docs: 21, github: 19 } },
] as const;

export const CALLS_PER_SESSION = 4;

export function seedRecords(): UsageRecord[] {
  return SESSIONS.flatMap((session, index) => {
    const toolCount = Object.values(session.servers).reduce((sum: number, count: number) => sum + count, 0);
    return Array.from({ length: CALLS_PER_SESSION }, (_, call) => ({
      time: `${session.day}T09:0${call}:00.000Z`,
      conversation: `conv-${index + 1}-${"abcdef".repeat(4)}`,
      call: call + 1,
      provider: "anthropic",
      model: "claude-sonnet-4-5",
      inputTokens: session.perCall,
      outputTokens: 200,
      cacheReadTokens: call === 0 ? 0 : Math.round(session.perCall * 0.6),
      cacheWriteTokens: call === 0 ? Math.round(session.perCall * 0.6) : 0,
      toolsTokens: toolCount * 130,
      toolCount,
      toolsHash: `hash-${toolCount}`,
      servers: { ...session.servers },
    }));
  });
}

export function seedLedger(path: string): UsageRecord[] {
  const records = seedRecords();
  const ledger = openLedger(path, { create: true });
  for (const record of records) ledger.append(record);
  ledger.close();
  return records;
}
