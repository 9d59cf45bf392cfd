import { describe, expect, it } from "vitest";
import type { ServerTool } from "../spec/tool.js";
import { syncedIndex } from "./synced-index.js";

const tool = (server: string, name: string, description: string): ServerTool => ({
  server,
  tool: { name, description, inputSchema: { type: "object" } },
});

describe("syncedIndex", () => {
  it("holds the last selection synced, whatever came between, when it is read", () => {
    const synced = syncedIndex();
    synced.sync([tool("files", "read_file", "Read a file"), tool("mail", "send_email", "Send an email")]);
    synced.sync([tool("files", "read_file", "Read a file")]);
    expect(synced.index.size).toBe(1);
    synced.sync([
      tool("files", "read_file", "Read a file"),
      tool("weather", "get_forecast", "Weather forecast"),
    ]);
    expect(synced.index.has("weather", "get_forecast")).toBe(true);
    expect(synced.index.has("mail", "send_email")).toBe(false);
    synced.sync([tool("weather", "get_forecast", "Hourly forecast")]);
    expect(synced.index.size).toBe(1);
    expect(synced.index.search("hourly", 1)[0]).toMatchObject({ server: "weather", tool: "get_forecast" });
  });
});
