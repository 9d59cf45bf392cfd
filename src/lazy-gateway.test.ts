import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import type { SwitchboardConfig } from "./config/types.js";
import { Gateway as RealGateway } from "./gateway/gateway.js";
import { Gateway, serveGatewayHttp, serveGatewayStdio } from "./lazy-gateway.js";

const empty: SwitchboardConfig = { file: "<inline>", servers: {}, agents: {} };

describe("the barrel's lazily loaded gateway", () => {
  it("has nothing to serve before a gateway was started", () => {
    expect(() => serveGatewayStdio({} as never)).toThrow(TypeError);
  });

  it("starts a real gateway, which is instanceof the barrel's Gateway, and serves it", async () => {
    expect({}).not.toBeInstanceOf(Gateway);
    expect(Gateway.name).toBe("Gateway");
    const gateway = await Gateway.start(empty, { serverInfo: { name: "lazy", version: "1" } });
    try {
      expect(gateway).toBeInstanceOf(RealGateway);
      expect(gateway).toBeInstanceOf(Gateway);
      expect(gateway.serverInfo).toEqual({ name: "lazy", version: "1" });
      const stdio = serveGatewayStdio(gateway, { stdin: new PassThrough(), stdout: new PassThrough() });
      await stdio.close();
      await stdio.closed;
      const http = await serveGatewayHttp(gateway, { port: 0 });
      expect(http.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      await http.close();
    } finally {
      await gateway.close();
    }
  });

  it("rejects what the real start rejects", async () => {
    await expect(Gateway.start(empty, { agent: "nobody" })).rejects.toMatchObject({ code: "USAGE" });
  });
});
