import { describe, expect, it } from "vitest";
import { validateGeminiMessages } from "./validate-messages.js";

const userText = (text: string) => ({ role: "user", parts: [{ text }] });
const calls = (names: string[], signature?: string) => ({
  role: "model",
  parts: names.map((name, index) => ({
    functionCall: { name, args: {} },
    ...(index === 0 && signature !== undefined ? { thoughtSignature: signature } : {}),
  })),
});
const responses = (names: string[]) => ({
  role: "user",
  parts: names.map((name) => ({ functionResponse: { name, response: { output: "ok" } } })),
});
const messages = (contents: unknown[], model = "gemini-2.5-flash") =>
  validateGeminiMessages({ contents }, { model }).map((error) => error.message);

describe("validateGeminiMessages", () => {
  it("accepts a parallel round trip", () => {
    expect(
      messages([
        userText("q"),
        calls(["a", "b"]),
        responses(["a", "b"]),
        { role: "model", parts: [{ text: "done" }] },
      ]),
    ).toEqual([]);
  });

  it("regression #39: a lost function response part", () => {
    expect(
      validateGeminiMessages({ contents: [userText("q"), calls(["a", "b"]), responses(["a"])] }),
    ).toEqual([
      {
        provider: "gemini",
        status: 400,
        message:
          "Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.",
      },
    ]);
  });

  it("regression #40: Gemini 3 needs the thought signature replayed", () => {
    const contents = [userText("q"), calls(["t_02--list-sections"]), responses(["t_02--list-sections"])];
    expect(messages(contents, "gemini-3-pro-preview")).toEqual([
      "Function call is missing a thought_signature in functionCall parts. This is required for tools to work correctly, and missing thought_signature may lead to degraded model performance. Additional data, function call `default_api:t_02--list-sections` , position 2. Please refer to https://ai.google.dev/gemini-api/docs/thought-signatures for more details.",
    ]);
    expect(messages(contents, "gemini-2.5-pro")).toEqual([]);
    const signed = [
      userText("q"),
      calls(["t_02--list-sections"], "c2lnbmF0dXJl"),
      responses(["t_02--list-sections"]),
    ];
    expect(messages(signed, "gemini-3-pro-preview")).toEqual([]);
  });

  it("only checks signatures in the current turn", () => {
    const earlier = [
      userText("q"),
      calls(["a"]),
      responses(["a"]),
      { role: "model", parts: [{ text: "ok" }] },
    ];
    expect(messages([...earlier, userText("again")], "gemini-3-flash-preview")).toEqual([]);
  });

  it("rejects a response turn with no call turn before it, and a call turn after a model turn", () => {
    expect(messages([userText("q"), { role: "model", parts: [{ text: "hi" }] }, responses(["a"])])).toEqual([
      "Please ensure that function response turn comes immediately after a function call turn.",
    ]);
    expect(messages([calls(["a"]), responses(["a"])])).toEqual([
      "Please ensure that function call turn comes immediately after a user turn or after a function response turn.",
    ]);
  });

  it("rejects missing contents", () => {
    expect(messages([])).toEqual(["* GenerateContentRequest.contents: contents is not specified\n"]);
  });
});
