/**
 * A lossy or noteworthy change made while translating something for a provider. Translation never throws for
 * bad input from a server; it returns warnings (and, at worst, quarantines one tool).
 */
export interface TranslationWarning {
  /** Stable machine-readable kind, e.g. `ref-inlined`, `format-dropped`, `name-truncated`. */
  code: string;
  /** JSON pointer into the tool's input schema where the change happened (`""` for the root). */
  path: string;
  message: string;
}
