import { describe, expect, it } from "vitest";
import { buildPromptTable } from "./prompt-table.js";

describe("buildPromptTable", () => {
  it("namespaces every prompt by server and resolves names back through the table", () => {
    const table = buildPromptTable([
      { server: "docs", name: "summarise", description: "Summarise a page" },
      { server: "tickets", name: "summarise", arguments: [{ name: "id", required: true }] },
    ]);
    expect(table.prompts).toEqual([
      { name: "docs__summarise", description: "Summarise a page" },
      { name: "tickets__summarise", arguments: [{ name: "id", required: true }] },
    ]);
    expect(table.resolve("tickets__summarise")).toEqual({ server: "tickets", prompt: "summarise" });
    expect(table.resolve("summarise")).toBeUndefined();
  });

  it("keeps two servers whose names legalise alike apart", () => {
    const table = buildPromptTable([
      { server: "my server", name: "greet" },
      { server: "my_server", name: "greet" },
    ]);
    const names = table.prompts.map((prompt) => prompt.name);
    expect(new Set(names).size).toBe(2);
    for (const name of names) expect(name).toMatch(/^[A-Za-z0-9._-]{1,128}$/);
    expect(names.map((name) => table.resolve(name)?.server).sort()).toEqual(["my server", "my_server"]);
  });
});
