/**
 * The dated rule tables live in `../rules/` (one file per provider), where schema repair reads them too; these
 * names stay importable from here for the provider modules that read them.
 */
export { anthropicCacheBreakpoints, anthropicStrictLimits } from "../rules/anthropic.js";
export { contextWindows, requestLimits } from "../rules/requests.js";
