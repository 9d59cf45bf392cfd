export { Catalog, type CatalogEvents, type CatalogOptions, type CatalogSource } from "./catalog.js";
export { diffKeyed, diffServerCatalog, isEmptyDiff } from "./diff.js";
export { connectHost, type Host, type HostAuthOptions, type HostOptions } from "./host.js";
export { toMcpTool, toServerCatalog } from "./map-listing.js";
export type {
  CatalogChange,
  CatalogDiff,
  CatalogPrompt,
  CatalogPromptArgument,
  CatalogResource,
  CatalogResourceTemplate,
  CatalogSnapshot,
  KeyDiff,
  ServerCatalog,
} from "./types.js";
