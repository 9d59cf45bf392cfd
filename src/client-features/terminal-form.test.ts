import { describe, expect, it } from "vitest";
import { scriptedAsker } from "./__fixtures__/fake-adapter.js";
import { createElicitationHandler } from "./elicitation-handler.js";
import { runTerminalForm } from "./terminal-form.js";
import { runUrlElicitation } from "./url-elicitation.js";

const requestedSchema = {
  type: "object",
  properties: {
    name: { type: "string", title: "Name" },
    age: { type: "integer", default: 30, minimum: 1 },
    color: { type: "string", enum: ["red", "blue"] },
  },
  required: ["name"],
};
const request = { server: "srv", message: "Who are you?", requestedSchema };

describe("runTerminalForm", () => {
  it("asks field by field, pre-fills defaults, re-asks invalid and required answers", async () => {
    const asker = scriptedAsker(["a", "", "Jo", "zero", "", "3", ""]);
    expect(await runTerminalForm(request, asker)).toEqual({
      action: "accept",
      content: { name: "Jo", age: 30 },
    });
    expect(asker.asked.slice(1)).toEqual([
      "  Name *: ",
      "  Name *: ",
      "  age (integer) [30]: ",
      "  age (integer) [30]: ",
      "  color (number): ",
      "  color (number): ",
    ]);
    expect(asker.said).toContain("    required");
    expect(asker.said).toContain("    expected a number");
    expect(asker.said).toContain("    choose one of 1) red, 2) blue");
  });

  it("declines, cancels, and treats end of input as decline before the form and cancel inside it", async () => {
    expect(await runTerminalForm(request, scriptedAsker(["d"]))).toEqual({ action: "decline" });
    expect(await runTerminalForm(request, scriptedAsker(["c"]))).toEqual({ action: "cancel" });
    expect(await runTerminalForm(request, scriptedAsker([]))).toEqual({ action: "decline" });
    expect(await runTerminalForm(request, scriptedAsker(["a", "Jo"]))).toEqual({ action: "cancel" });
  });
});

describe("runUrlElicitation", () => {
  const url = { server: "srv", message: "Log in", url: "https://example.com/login" };
  it("opens a browser only when asked", async () => {
    const opened: string[] = [];
    const open = async (target: string) => {
      opened.push(target);
    };
    expect(await runUrlElicitation(url, scriptedAsker(["y"]), open)).toEqual({ action: "accept" });
    expect(opened).toEqual([]);
    expect(await runUrlElicitation(url, scriptedAsker(["o"]), open)).toEqual({ action: "accept" });
    expect(opened).toEqual(["https://example.com/login"]);
    expect(await runUrlElicitation(url, scriptedAsker(["d"]), open)).toEqual({ action: "decline" });
    expect(await runUrlElicitation(url, scriptedAsker(["c"]), open)).toEqual({ action: "cancel" });
  });
});

describe("createElicitationHandler", () => {
  const context = { server: "srv", signal: new AbortController().signal };
  const form = { mode: "form" as const, message: "m", requestedSchema: requestedSchema as never };

  it("declines when nobody can be asked, and declares URL mode only when someone can answer", async () => {
    const nobody = createElicitationHandler({});
    expect(nobody.url).toBe(false);
    expect(await nobody.handle(form, context)).toEqual({ action: "decline" });
    expect(createElicitationHandler({ asker: scriptedAsker([]) }).url).toBe(true);
  });

  it("fills a hook's accepted answer with defaults and refuses one that breaks the schema", async () => {
    const accepting = createElicitationHandler({
      hook: () => ({ action: "accept", content: { name: "Jo" } }),
    });
    expect(await accepting.handle(form, context)).toEqual({
      action: "accept",
      content: { name: "Jo", age: 30 },
    });
    const wrong = createElicitationHandler({ hook: () => ({ action: "accept", content: { age: 0 } }) });
    await expect(wrong.handle(form, context)).rejects.toThrow("name: required; age: must be at least 1");
  });
});
