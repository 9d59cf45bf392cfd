import { describe, expect, it } from "vitest";
import { parseBind } from "./serve.js";

describe("parseBind", () => {
  it("reads HOST:PORT, :PORT, PORT and bracketed IPv6", () => {
    expect(parseBind("127.0.0.1:8080")).toEqual({ host: "127.0.0.1", port: 8080 });
    expect(parseBind(":9000")).toEqual({ host: "127.0.0.1", port: 9000 });
    expect(parseBind("9000")).toEqual({ host: "127.0.0.1", port: 9000 });
    expect(parseBind("[::1]:0")).toEqual({ host: "::1", port: 0 });
    expect(parseBind("0.0.0.0:80")).toEqual({ host: "0.0.0.0", port: 80 });
  });

  it("rejects what is not an address", () => {
    for (const value of ["", "host", "1.2.3.4:", "1.2.3.4:70000", "::1:80"]) {
      expect(() => parseBind(value), value).toThrow(/--http expects HOST:PORT/);
    }
  });
});
