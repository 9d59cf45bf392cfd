import type { Client } from "@modelcontextprotocol/client";
import { describe, expect, it } from "vitest";
import { memoiseResultValidators } from "./memo-result-validator.js";

type Validator = { "~standard": { validate(value: unknown): unknown } };

/** A stand-in with the two members the shim relies on, recording what reaches the SDK's `request`. */
function fakeClient() {
  const probes: unknown[] = [];
  const codec = {
    validateResult(method: string, raw: unknown) {
      probes.push(raw);
      if (method === "nope") return { ok: false, reason: "not-in-era" };
      return raw !== null && typeof raw === "object" && "content" in raw
        ? { ok: true, value: raw }
        : { ok: false, reason: "invalid", message: "content: Required" };
    },
  };
  const sent: unknown[][] = [];
  const client = {
    _resolveOutboundCodec: () => codec,
    request(...args: unknown[]) {
      sent.push(args);
      return "sent";
    },
  };
  return { client, probes, sent };
}

describe("memoiseResultValidators", () => {
  it("probes the era once per method and hands request the codec's validator through the schema overload", () => {
    const { client, probes, sent } = fakeClient();
    memoiseResultValidators(client as unknown as Client);
    const options = { timeout: 5 };
    for (let i = 0; i < 3; i += 1) client.request({ method: "tools/call" }, options);
    expect(probes).toEqual([undefined]); // the SDK probes on every request
    expect(sent).toHaveLength(3);
    const [request, validator, passed] = sent[0] as [unknown, Validator, unknown];
    expect(request).toEqual({ method: "tools/call" });
    expect(passed).toBe(options);
    expect(sent[2]?.[1]).toBe(validator);
    expect(validator["~standard"].validate({ content: [] })).toEqual({ value: { content: [] } });
    expect(validator["~standard"].validate(42)).toEqual({ issues: [{ message: "content: Required" }] });
  });

  it("leaves explicit schemas and methods outside the era to the SDK", () => {
    const { client, sent } = fakeClient();
    memoiseResultValidators(client as unknown as Client);
    const schema = { "~standard": { validate: () => ({ value: 1 }) } };
    client.request({ method: "x/y" }, schema, { timeout: 1 });
    client.request({ method: "nope" }, { timeout: 2 });
    expect(sent).toEqual([
      [{ method: "x/y" }, schema, { timeout: 1 }],
      [{ method: "nope" }, { timeout: 2 }, undefined],
    ]);
  });

  it("does nothing to a client without the internal it relies on", () => {
    const request = () => "own";
    const client = { request };
    memoiseResultValidators(client as unknown as Client);
    expect(client.request).toBe(request);
  });
});
