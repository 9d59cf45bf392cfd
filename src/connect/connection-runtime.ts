/**
 * What a `ServerConnection` needs to open and list a session, behind one dynamic `import()`
 * (`connectionRuntime()` in server-connection.ts), so the connection module itself stays light to import. Loads
 * no SDK code: a stdio session the SDK-free client serves never loads the SDK (open-session.ts).
 */
export { describeExit } from "./child-process-transport.js";
export { allListKinds, fetchListing } from "./fetch-listing.js";
export { openSession } from "./open-session.js";
