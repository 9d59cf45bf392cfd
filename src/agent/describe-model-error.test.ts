import { describe, expect, it } from "vitest";
import { describeModelError } from "./describe-model-error.js";

describe("describeModelError", () => {
  it("reads the message of an Anthropic error body", () => {
    const error = Object.assign(new Error('400 {"type":"error"}'), {
      status: 400,
      error: {
        type: "error",
        error: { type: "invalid_request_error", message: "max_tokens: Field required" },
      },
    });
    expect(describeModelError(error)).toBe("HTTP 400: max_tokens: Field required");
  });

  it("reads the message of an OpenAI error body", () => {
    const error = Object.assign(new Error("401 Incorrect API key provided"), {
      status: 401,
      error: {
        message: "Incorrect API key provided",
        type: "invalid_request_error",
        code: "invalid_api_key",
      },
    });
    expect(describeModelError(error)).toBe("HTTP 401: Incorrect API key provided");
  });

  it("reads a Gemini ApiError whose message is the JSON body, on one line", () => {
    const body = {
      error: { code: 400, message: "* GenerateContentRequest.contents: bad\n", status: "INVALID_ARGUMENT" },
    };
    const error = Object.assign(new Error(JSON.stringify(body)), { status: 400 });
    expect(describeModelError(error)).toBe("HTTP 400: * GenerateContentRequest.contents: bad");
  });

  it("falls back to the message of anything else, never a stack", () => {
    expect(describeModelError(new Error("Connection error.\n  at somewhere"))).toBe(
      "Connection error. at somewhere",
    );
    expect(describeModelError("plain")).toBe("plain");
    expect(describeModelError(Object.assign(new Error("503 status code (no body)"), { status: 503 }))).toBe(
      "HTTP 503: status code (no body)",
    );
  });
});
