import { SwitchboardError } from "../errors.js";

/** Why the ledger could not be used. */
export type LedgerProblem = "missing" | "unreadable" | "corrupt" | "foreign" | "newer" | "busy";

/**
 * A usage ledger that cannot be opened, read or written. The message names the file and says what to do; the
 * SQLite error is the `cause`.
 */
export class LedgerError extends SwitchboardError {
  override name = "LedgerError";
  readonly path: string;
  readonly problem: LedgerProblem;

  constructor(path: string, problem: LedgerProblem, message: string, options?: { cause?: unknown }) {
    super("LEDGER_UNREADABLE", message, options);
    this.path = path;
    this.problem = problem;
  }
}
