export { type ApproveOptions, approvePins } from "./approve-pins.js";
export { checkPins, isPending, type PinCheck, type PinStatus } from "./check-pins.js";
export { type DiffOptions, diffDefinitions, displayLines } from "./definition-diff.js";
export {
  LOCK_FILE_NAME,
  type LockFile,
  lockFile,
  parseLockFile,
  pinKey,
  readLockFile,
  serializeLockFile,
  type ToolPin,
  writeLockFile,
} from "./lock-file.js";
export {
  type PinnedCatalog,
  type PinnedCatalogOptions,
  pinnedCatalog,
  withheldMessage,
} from "./pinned-catalog.js";
export { definitionHash, type PinnedDefinition, pinnedDefinition } from "./tool-definition.js";
export { untrustedLine, untrustedText } from "./untrusted-text.js";
