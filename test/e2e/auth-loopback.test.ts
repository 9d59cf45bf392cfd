/** The loopback login callback on a real socket: state checked, AS errors surfaced, timeout, closed after use. */
import { describe, expect, it } from "vitest";
import { AuthError } from "../../src/auth/auth-error.js";
import { LoopbackAuthorization } from "../../src/auth/loopback-authorization.js";

const AUTH_URL = new URL("https://as.example/authorize?client_id=c&state=good-state");

/** A handler whose "browser" GETs `query` on the callback once the URL is shown; returns the browser's answer. */
function withBrowser(query: string, options: { timeoutMs?: number; path?: string } = {}) {
  let answer: Promise<Response> | undefined;
  let redirect = "";
  const handler = new LoopbackAuthorization({
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    show: () => {
      answer = fetch(`${redirect.replace("/callback", options.path ?? "/callback")}${query}`);
    },
  });
  return {
    handler,
    async start(): Promise<string> {
      redirect = await handler.redirectUrl();
      return redirect;
    },
    page: async () => {
      const response = await (answer as Promise<Response>);
      return { status: response.status, text: await response.text() };
    },
  };
}

async function refused(url: string): Promise<boolean> {
  return fetch(url).then(
    () => false,
    () => true,
  );
}

describe("LoopbackAuthorization", () => {
  it("listens on 127.0.0.1 at a random port and returns the code, telling the user to return to the terminal", async () => {
    const browser = withBrowser("?code=the-code&state=good-state");
    const redirect = await browser.start();
    expect(redirect).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(Number(new URL(redirect).port)).toBeGreaterThan(0);
    // Nothing listens until a login waits.
    expect(await refused(redirect)).toBe(true);
    await expect(browser.handler.authorize(AUTH_URL, "good-state")).resolves.toEqual({ code: "the-code" });
    const page = await browser.page();
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/return to the terminal, which shows the result/i);
    // The code still has to pass the issuer check and the exchange: the page claims no success.
    expect(page.text).not.toMatch(/logged in/i);
    expect(page.text).not.toContain("the-code");
    // Closed after use.
    expect(await refused(redirect)).toBe(true);
  });

  it("hands back the RFC 9207 iss beside the code", async () => {
    const browser = withBrowser("?code=c1&state=good-state&iss=https%3A%2F%2Fas.example");
    await browser.start();
    await expect(browser.handler.authorize(AUTH_URL, "good-state")).resolves.toEqual({
      code: "c1",
      iss: "https://as.example",
    });
    expect((await browser.page()).status).toBe(200);
  });

  it("rejects a wrong state with a 400 page and a typed error, and closes", async () => {
    const browser = withBrowser("?code=stolen-code&state=forged");
    const redirect = await browser.start();
    const error = await browser.handler.authorize(AUTH_URL, "good-state").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect((error as AuthError).reason).toBe("AUTH_STATE_MISMATCH");
    expect((error as AuthError).message).not.toContain("stolen-code");
    const page = await browser.page();
    expect(page.status).toBe(400);
    expect(page.text).toMatch(/run the login again/i);
    expect(await refused(redirect)).toBe(true);
  });

  it("rejects a missing state too", async () => {
    const browser = withBrowser("?code=c0de");
    await browser.start();
    const error = await browser.handler.authorize(AUTH_URL, "good-state").catch((e: unknown) => e);
    expect((error as AuthError).reason).toBe("AUTH_STATE_MISMATCH");
    expect((await browser.page()).status).toBe(400);
  });

  it("surfaces error= from the authorization server", async () => {
    const browser = withBrowser("?error=access_denied&error_description=user%20said%20no&state=good-state");
    await browser.start();
    const error = await browser.handler.authorize(AUTH_URL, "good-state").catch((e: unknown) => e);
    expect((error as AuthError).reason).toBe("AUTH_FAILED");
    expect((error as Error).message).toMatch(/access_denied.*user said no/);
    const page = await browser.page();
    expect(page.status).toBe(400);
    expect(page.text).toContain("access_denied");
  });

  it("ignores other paths and keeps waiting; times out with a clear error", async () => {
    const browser = withBrowser("?code=x&state=good-state", { path: "/favicon.ico", timeoutMs: 300 });
    await browser.start();
    const error = await browser.handler.authorize(AUTH_URL, "good-state").catch((e: unknown) => e);
    expect((await browser.page()).status).toBe(404);
    expect((error as AuthError).reason).toBe("AUTH_FAILED");
    expect((error as Error).message).toMatch(/No answer from the browser within 0\.3 s/);
  });

  it("refuses a foreign Host header without ending the wait (DNS rebinding)", async () => {
    let redirect = "";
    const handler = new LoopbackAuthorization({
      show: async () => {
        const { request } = await import("node:http");
        const status = await new Promise<number>((resolve, reject) => {
          const req = request(`${redirect}?code=c&state=s`, { headers: { host: "evil.example" } }, (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          });
          req.on("error", reject).end();
        });
        expect(status).toBe(400);
        await fetch(`${redirect}?code=real&state=s`);
      },
    });
    redirect = await handler.redirectUrl();
    await expect(handler.authorize(AUTH_URL, "s")).resolves.toEqual({ code: "real" });
  });

  it("reopens on the same port for a second login, and honours a fixed port", async () => {
    const browser = withBrowser("?code=one&state=s");
    const redirect = await browser.start();
    await browser.handler.authorize(AUTH_URL, "s");
    await browser.page();
    expect(await browser.handler.redirectUrl()).toBe(redirect);
    await expect(browser.handler.authorize(AUTH_URL, "s")).resolves.toEqual({ code: "one" });
    await browser.page();

    const port = Number(new URL(redirect).port);
    const fixed = new LoopbackAuthorization({ port, show: () => {} });
    expect(await fixed.redirectUrl()).toBe(`http://127.0.0.1:${port}/callback`);
    const waiting = fixed.authorize(AUTH_URL, "s");
    // The port is now taken: a second listener says so.
    const clash = new LoopbackAuthorization({ port, show: () => {} });
    await expect(clash.redirectUrl()).rejects.toThrow(`port ${port} is in use`);
    await fixed.close();
    await expect(waiting).rejects.toThrow(/cancelled/);
  });

  it("close() cancels a login in flight", async () => {
    const handler = new LoopbackAuthorization({ show: () => {} });
    const redirect = await handler.redirectUrl();
    const pending = handler.authorize(AUTH_URL, "s");
    await new Promise((resolve) => setTimeout(resolve, 20));
    await handler.close();
    await expect(pending).rejects.toThrow(/cancelled/);
    expect(await refused(redirect)).toBe(true);
  });
});

describe("LoopbackAuthorization with a pasted redirect (a browser on another machine)", () => {
  /** Yields `lines` one by one, then waits until the login stops the reader; records that it was stopped. */
  function typed(lines: string[]) {
    const seen = { stopped: false };
    const pasted = async function* (signal: AbortSignal): AsyncIterable<string> {
      yield* lines;
      await new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }));
      seen.stopped = true;
    };
    return { pasted, seen };
  }

  it("takes the first pasted URL with a state, says why other lines are not used, and never listens after", async () => {
    const ignored: string[] = [];
    const { pasted } = typed([
      "",
      "hello",
      "https://as.example/done",
      `http://127.0.0.1:1/callback?code=c9&state=s1`,
    ]);
    const handler = new LoopbackAuthorization({
      show: () => {},
      pasted,
      onPasteIgnored: (why) => ignored.push(why),
    });
    const redirect = await handler.redirectUrl();
    await expect(handler.authorize(AUTH_URL, "s1")).resolves.toEqual({ code: "c9" });
    expect(ignored).toEqual([expect.stringMatching(/not a URL/), expect.stringMatching(/carries no state/)]);
    expect(await refused(redirect)).toBe(true);
  });

  it("refuses a pasted redirect with another state at once (AUTH_STATE_MISMATCH)", async () => {
    const { pasted } = typed(["http://127.0.0.1:1/callback?code=c9&state=forged"]);
    const handler = new LoopbackAuthorization({ show: () => {}, pasted });
    const error = await handler.authorize(AUTH_URL, "s1").catch((caught: unknown) => caught);
    expect((error as AuthError).reason).toBe("AUTH_STATE_MISMATCH");
  });

  it("stops reading once the browser came back through the callback", async () => {
    const { pasted, seen } = typed([]);
    let redirect = "";
    const handler = new LoopbackAuthorization({
      show: () => void fetch(`${redirect}?code=c1&state=s1`),
      pasted,
    });
    redirect = await handler.redirectUrl();
    await expect(handler.authorize(AUTH_URL, "s1")).resolves.toEqual({ code: "c1" });
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen.stopped).toBe(true);
  });
});
