import { SdkErrorCode, SdkHttpError } from "@modelcontextprotocol/client";
import { beforeAll, describe, expect, it } from "vitest";
import { loadClientSdk } from "../auth/client-sdk.js";
import { endedSessionStatus } from "./ended-session.js";

const http = (status: number, body: string) =>
  new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, `Error POSTing to endpoint: ${body}`, {
    status,
    statusText: "",
    text: body,
  });

describe("endedSessionStatus", () => {
  // An SDK error reaches it only from a session, which loads the SDK through loadClientSdk first.
  beforeAll(async () => {
    await loadClientSdk();
  });

  it("404 to a request with a session id ends the session (the spec's answer to an unknown session)", () => {
    expect(endedSessionStatus(http(404, "Session not found"), "streamable-http", "s-1")).toBe(404);
  });

  it("400 naming the session ends it (SDK-example servers); any other 400 is the request's own fault", () => {
    const example =
      '{"jsonrpc":"2.0","error":{"code":-32000,"message":"Bad Request: No valid session ID provided"}}';
    expect(endedSessionStatus(http(400, example), "streamable-http", "s-1")).toBe(400);
    expect(
      endedSessionStatus(http(400, "Bad Request: invalid JSON"), "streamable-http", "s-1"),
    ).toBeUndefined();
  });

  it("needs a session id and Streamable HTTP; other statuses and errors say nothing about the session", () => {
    expect(endedSessionStatus(http(404, "Not found"), "streamable-http", undefined)).toBeUndefined();
    expect(endedSessionStatus(http(404, "Not found"), "sse", "s-1")).toBeUndefined();
    expect(endedSessionStatus(http(503, "session store down"), "streamable-http", "s-1")).toBeUndefined();
    expect(endedSessionStatus(new Error("session"), "streamable-http", "s-1")).toBeUndefined();
  });
});
