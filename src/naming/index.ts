export { closeMatches } from "./close-matches.js";
export { legaliseName } from "./legalise-name.js";
export { MAX_REMEMBERED_NAMES, NameHistory, type NameSighting } from "./name-history.js";
export {
  buildNameTable,
  type NameEntry,
  type NameTable,
  type NameTableOptions,
  type NameWarning,
  type ToolRef,
} from "./name-table.js";
export { NameNotInTableError, resolveOrThrow } from "./resolve-or-throw.js";
export { identityOf, sha256Hex } from "./short-hash.js";
