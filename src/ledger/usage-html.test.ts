import { describe, expect, it } from "vitest";
import { PRICES } from "../cost/price-table.js";
import { CHART_COLORS, renderUsageHtml } from "./usage-html.js";
import type { UsageRecord } from "./usage-record.js";
import { buildUsageReport } from "./usage-report.js";

const record = (
  conversation: string,
  day: string,
  inputTokens: number,
  servers: Record<string, number>,
): UsageRecord => ({
  time: `${day}T08:00:00.000Z`,
  conversation,
  call: 1,
  provider: "anthropic",
  model: "claude-sonnet-4-5",
  inputTokens,
  outputTokens: 100,
  cacheReadTokens: inputTokens / 2,
  cacheWriteTokens: 0,
  toolsTokens: 1000,
  toolCount: Object.values(servers).reduce((sum, count) => sum + count, 0),
  toolsHash: "h",
  servers,
});

describe("renderUsageHtml", () => {
  const report = buildUsageReport(
    [
      record("<script>alert(1)</script>", "2026-11-29", 2000, { docs: 5 }),
      record("second", "2026-11-30", 4000, { docs: 5, "git<hub>": 9 }),
    ],
    { ledger: "/tmp/a&b.sqlite", prices: PRICES },
  );
  const html = renderUsageHtml(report);

  it("is one self-contained document: no script, stylesheet link, image or URL", () => {
    expect(html.startsWith("<!doctype html>")).toBe(true);
    expect(html).not.toMatch(/<script|<link|<img|<iframe|https?:|url\(/i);
    expect(html.match(/<svg /g)).toHaveLength(3);
  });

  it("escapes everything that came from the ledger", () => {
    expect(html).not.toContain("<script>alert");
    expect(html).toContain("<td>&lt;script&gt;</td>"); // the id, cut to 8 characters, escaped
    expect(html).toContain("/tmp/a&amp;b.sqlite");
    expect(html).toContain("<code>git&lt;hub&gt;</code>");
  });

  it("flags the creep and draws the bars in the chart colours", () => {
    expect(html).toContain('<p class="creep flagged">input tokens per call up 100% over the last 2 sessions');
    expect(html).toContain(`fill="${CHART_COLORS.tools}"`);
    expect(html).toContain(`fill="${CHART_COLORS.cache}"`);
    expect(html).toContain(`fill="${CHART_COLORS.dollars}"`);
  });

  it("says so when nothing was recorded", () => {
    const empty = renderUsageHtml(buildUsageReport([], { ledger: "/x", prices: PRICES }));
    expect(empty).toContain("No model calls recorded yet.");
    expect(empty).not.toContain("<svg");
  });
});
