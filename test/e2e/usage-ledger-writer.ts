/**
 * One of the processes in the concurrent-writers test: opens (creating, if it is first) the ledger given on
 * the command line, waits for the shared start time so both processes write at once, then appends `count` rows
 * one transaction each, as fast as it can. Prints `done <label> <count>` at the end.
 */
import { openLedger } from "../../src/ledger/usage-ledger.js";

const [path, label, countText, startText] = process.argv.slice(2);
if (path === undefined || label === undefined || countText === undefined || startText === undefined) {
  throw new Error("usage: usage-ledger-writer <path> <label> <count> <start-ms>");
}
const ledger = openLedger(path, { create: true });
while (Date.now() < Number(startText)) {
  // Busy-wait: a timer would let one process start a whole tick after the other.
}
const count = Number(countText);
for (let call = 1; call <= count; call += 1) {
  ledger.append({
    time: new Date().toISOString(),
    conversation: label,
    call,
    provider: "anthropic",
    model: "claude-opus-4-8",
    inputTokens: 1000 + call,
    outputTokens: 10,
    cacheReadTokens: 0,
    cacheWriteTokens: 0,
    toolsTokens: 500,
    toolCount: 5,
    toolsHash: label,
    servers: { [label]: 5 },
  });
}
ledger.close();
process.stdout.write(`done ${label} ${count}\n`);
