/**
 * Keeps a search index equal to a changing tool selection, touching only the servers whose tools changed
 * (a `list_changed` from one server re-indexes that server alone). Lazily: a selection is indexed when the
 * index is first read after it, so a toolset that never searches (auto mode sending tools directly) never
 * builds an index or reads the word vectors.
 */
import { createToolIndex, type ToolIndex } from "../search/tool-index.js";
import type { ServerTool } from "../spec/tool.js";

/** A tool index that follows the selection it is last given, re-indexing only the servers that changed. */
export interface SyncedIndex {
  /** The index, brought to the last selection given to `sync` first. */
  readonly index: ToolIndex;
  /** Makes `tools` the selection the index will hold when next read. */
  sync(tools: readonly ServerTool[]): void;
}

/** An empty synced index; nothing is built until its `index` is first read. */
export function syncedIndex(): SyncedIndex {
  let index: ToolIndex | undefined;
  let next: readonly ServerTool[] | undefined;
  const signatures = new Map<string, string>();

  function apply(built: ToolIndex, tools: readonly ServerTool[]): void {
    const byServer = new Map<string, ServerTool[]>();
    for (const item of tools) {
      const list = byServer.get(item.server);
      if (list === undefined) byServer.set(item.server, [item]);
      else list.push(item);
    }
    for (const [server, list] of byServer) {
      const signature = JSON.stringify(list.map((item) => item.tool));
      if (signatures.get(server) === signature) continue;
      built.replace(server, list);
      signatures.set(server, signature);
    }
    for (const server of [...signatures.keys()]) {
      if (byServer.has(server)) continue;
      built.remove(server);
      signatures.delete(server);
    }
  }

  return {
    get index() {
      index ??= createToolIndex([]);
      if (next !== undefined) {
        apply(index, next);
        next = undefined;
      }
      return index;
    },
    sync(tools) {
      next = tools;
    },
  };
}
