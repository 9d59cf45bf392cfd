/**
 * Keeps a search index equal to a changing tool selection, touching only the servers whose tools changed
 * (a `list_changed` from one server re-indexes that server alone).
 */
import { createToolIndex, type ToolIndex } from "../search/tool-index.js";
import type { ServerTool } from "../spec/tool.js";

export interface SyncedIndex {
  readonly index: ToolIndex;
  /** Brings the index to exactly `tools`; returns the servers re-indexed (added, changed or removed). */
  sync(tools: readonly ServerTool[]): string[];
}

export function syncedIndex(): SyncedIndex {
  const index = createToolIndex([]);
  const signatures = new Map<string, string>();
  return {
    index,
    sync(tools) {
      const byServer = new Map<string, ServerTool[]>();
      for (const item of tools) {
        const list = byServer.get(item.server);
        if (list === undefined) byServer.set(item.server, [item]);
        else list.push(item);
      }
      const touched: string[] = [];
      for (const [server, list] of byServer) {
        const signature = JSON.stringify(list.map((item) => item.tool));
        if (signatures.get(server) === signature) continue;
        index.replace(server, list);
        signatures.set(server, signature);
        touched.push(server);
      }
      for (const server of [...signatures.keys()]) {
        if (byServer.has(server)) continue;
        index.remove(server);
        signatures.delete(server);
        touched.push(server);
      }
      return touched.sort();
    },
  };
}
