import { describe, expect, it } from "vitest";
import { CORS_IS_POSSIBLE, DefaultJsonSchemaValidator, process as shimProcess } from "./sdk-node-shims.js";

describe("the SDK's Node shims, as the bundle gives them", () => {
  it("exports what the client and server shims export on Node", () => {
    expect(CORS_IS_POSSIBLE).toBe(false);
    expect(shimProcess).toBe(process);
  });

  it("validates with the SDK default's options: formats checked, every error in the message", () => {
    const check = new DefaultJsonSchemaValidator().getValidator<{ at: string }>({
      type: "object",
      properties: { at: { type: "string", format: "date-time" }, n: { type: "integer" } },
      required: ["at"],
    });
    expect(check({ at: "2026-12-04T10:00:00Z" })).toEqual({
      valid: true,
      data: { at: "2026-12-04T10:00:00Z" },
      errorMessage: undefined,
    });
    expect(check({ at: "yesterday", n: 1.5 })).toEqual({
      valid: false,
      data: undefined,
      errorMessage: 'data/at must match format "date-time", data/n must be integer',
    });
  });

  it("runs a schema's pattern in linear time: a backtracking engine would not return here", () => {
    const check = new DefaultJsonSchemaValidator().getValidator({ type: "string", pattern: "^(a+)+$" });
    expect(check(`${"a".repeat(40)}!`).valid).toBe(false);
    expect(check("aaaa").valid).toBe(true);
  });
});
