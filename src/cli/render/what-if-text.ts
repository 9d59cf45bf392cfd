/** The human text of `switchboard cost` in what-if mode: the arithmetic, written out. */
import { formatCount, formatMoney, formatRate, formatTokens } from "../../cost/format-money.js";
import type { WhatIfReport } from "../../cost/what-if.js";

/** Each figure as the multiplication that gives it, so the user can check it by hand. */
export function renderWhatIf(report: WhatIfReport): string {
  const { cost } = report;
  const tokens = formatTokens(report.tokens);
  const rate = formatRate(report.price);
  const array =
    report.tools === undefined || report.tokensPerTool === undefined
      ? `${tokens} tokens`
      : `${formatCount(report.tools)} tools × ${formatTokens(report.tokensPerTool)} tokens = ${tokens} tokens`;
  const lines = [
    "What if (your numbers, nothing estimated):",
    `  tools array              ${array}, sent with every request`,
    `  per request              ${tokens} tokens × ${rate} = ${money(cost.perRequest)}`,
    `  per month                ${tokens} tokens × ${rate} × ${formatCount(report.requestsPerMonth)} requests = ${formatMoney(cost.perMonth)}`,
    `  per ${report.turns}-turn conversation  ${report.turns} turns × ${tokens} tokens = ${formatTokens(cost.conversationTokens)} tokens × ${rate} = ${formatMoney(cost.perConversation)} (the definitions are paid every turn)`,
  ];
  const cached = cost.cached;
  if (cached !== undefined) {
    if (!cached.applies) {
      lines.push(`  with prompt caching      no saving: ${cached.reason}`);
    } else {
      lines.push(
        `  with prompt caching      turn 1 writes ${tokens} tokens at ${formatRate(report.cache.write)}${report.turns > 1 ? `, turns 2-${report.turns} read ${formatTokens(cached.readTokens)} tokens at ${formatRate(report.cache.read)}` : ""}:`,
        `                           ${formatMoney(cached.perConversation)} per conversation, ${formatMoney(cached.perRequest)} per request, ${formatMoney(cached.perMonth)} per month`,
        `                           (${report.cache.source})`,
      );
    }
  }
  return lines.join("\n");
}

/** A display figure, with the exact value beside it when display rounding hides digits ($0.0023 of $0.00234). */
function money(value: number): string {
  const shown = formatMoney(value);
  const exact = Number(value.toPrecision(12));
  return Number(shown.replace(/[$,]/g, "")) === exact ? shown : `${shown} (unrounded $${exact})`;
}
