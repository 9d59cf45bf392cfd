/** The usage ledger: every model call's tokens in SQLite, and the reports `switchboard usage` prints. */
export {
  type CreepFinding,
  type CreepOptions,
  DEFAULT_CREEP_THRESHOLD,
  DEFAULT_CREEP_WINDOW,
  detectCreep,
  type ServerToolsChange,
} from "./detect-creep.js";
export { LedgerError, type LedgerProblem } from "./ledger-error.js";
export { defaultLedgerPath, type LedgerSettings, resolveLedgerPath } from "./ledger-path.js";
export {
  ledgerRecorder,
  type RecordConversationOptions,
  type RecorderOptions,
  recordConversation,
} from "./record-usage.js";
export { sparkline } from "./sparkline.js";
export { callDollars } from "./usage-cost.js";
export { renderUsageHtml } from "./usage-html.js";
export {
  LEDGER_SCHEMA_VERSION,
  type OpenLedgerOptions,
  openLedger,
  type RecordFilter,
  type UsageLedger,
} from "./usage-ledger.js";
export type { UsageRecord } from "./usage-record.js";
export { buildUsageReport, type UsageReport } from "./usage-report.js";
export type { ConversationSummary, DaySummary, UsageTotals } from "./usage-summary.js";
