import { describe, expect, it } from "vitest";
import { PRICES } from "../../cost/price-table.js";
import type { UsageRecord } from "../../ledger/usage-record.js";
import { buildUsageReport } from "../../ledger/usage-report.js";
import { renderUsageText } from "./usage-text.js";

const record = (conversation: string, time: string, extra: Partial<UsageRecord> = {}): UsageRecord => ({
  time,
  conversation,
  call: 1,
  provider: "anthropic",
  model: "claude-sonnet-4-5",
  inputTokens: 4000,
  outputTokens: 100,
  cacheReadTokens: 2000,
  cacheWriteTokens: 0,
  toolsTokens: 1000,
  toolCount: 8,
  toolsHash: "h1",
  servers: { docs: 8 },
  ...extra,
});

describe("renderUsageText", () => {
  it("says so when nothing was recorded", () => {
    expect(renderUsageText(buildUsageReport([], { ledger: "/l.sqlite", prices: PRICES }))).toBe(
      "usage ledger /l.sqlite: no model calls recorded yet",
    );
  });

  it("lists the latest conversations first, marks cache rewrites and unpriced models", () => {
    const report = buildUsageReport(
      [
        record("older-conversation", "2026-11-29T08:00:00.000Z"),
        record("newer-conversation", "2026-11-30T08:00:00.000Z"),
        record("newer-conversation", "2026-11-30T08:01:00.000Z", {
          call: 2,
          toolsHash: "h2",
          model: "local-llm",
        }),
      ],
      { ledger: "/l.sqlite", prices: PRICES },
    );
    const text = renderUsageText(report, { limit: 1 });
    expect(text).toContain("conversations (latest 1 of 2)");
    expect(text).toMatch(
      /^2026-11-30 08:00\s+newer-co\s+claude-sonnet-4-5, local-llm\s+2\s+4,000\s+≈25%\s+50%\s+8 \(\+1 changes\)\s+\$0\.\d+\+$/m,
    );
    expect(text).not.toContain("older-co");
    expect(text).toContain('no price for local-llm: add it under "prices" in the config');
    expect(text).toContain("no creep: input tokens per call up 0% over the last 2 sessions");
  });
});
