import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  expectSdkAnswer,
  icon,
  jsonObject,
  key,
  legacyCodec,
  mostly,
  odd,
  rare,
  shuffled,
} from "../../test/support/sdk-answers.js";
import { readInitializeResult } from "./initialize-result.js";

const text = fc.string({ maxLength: 5 });
const flag = mostly(fc.boolean(), odd);
const capability = (flags: string[]) =>
  mostly(shuffled(Object.fromEntries([...flags.map((name) => [name, flag]), ["extra", rare(flag)]])), odd);
/** `experimental` and `extensions`: records of JSON objects, or not quite. */
const records = mostly(fc.dictionary(key, mostly(jsonObject, odd), { maxKeys: 2 }), odd);

const tasks = mostly(
  shuffled({
    list: mostly(jsonObject, odd),
    cancel: mostly(jsonObject, odd),
    requests: mostly(
      shuffled({
        tools: mostly(shuffled({ call: mostly(jsonObject, odd), other: rare(odd) }), odd),
        sampling: rare(odd),
      }),
      odd,
    ),
    // Members the loose schema keeps, after the ones it knows (a number-like key comes first regardless),
    // and one it drops.
    ...Object.fromEntries([
      ["other", rare(fc.jsonValue({ maxDepth: 2 }))],
      ["7", rare(odd)],
      ["__proto__", rare(odd)],
    ]),
  }),
  odd,
);

const capabilities = mostly(
  shuffled({
    experimental: records,
    logging: mostly(fc.oneof(fc.constant({}), jsonObject), odd),
    completions: mostly(fc.oneof(fc.constant({}), jsonObject), odd),
    prompts: capability(["listChanged"]),
    resources: capability(["subscribe", "listChanged"]),
    tools: capability(["listChanged"]),
    tasks,
    extensions: records,
    elicitation: rare(fc.constant({})),
  }),
  odd,
);

const serverInfo = mostly(
  shuffled(
    {
      name: mostly(text, odd),
      version: mostly(text, odd),
      title: mostly(text, odd),
      icons: mostly(fc.array(icon, { maxLength: 3 }), odd),
      websiteUrl: mostly(fc.constant("https://example.com"), odd),
      description: mostly(text, odd),
      other: rare(odd),
    },
    ["name", "version"],
  ),
  odd,
);

const initializeResult = shuffled(
  {
    protocolVersion: mostly(fc.constantFrom("2025-11-25", "2025-06-18", "1999-01-01"), odd),
    capabilities,
    serverInfo,
    instructions: mostly(text, odd),
    _meta: rare(fc.constant({})),
    other: rare(odd),
  },
  ["protocolVersion", "capabilities", "serverInfo"],
);

describe("readInitializeResult", () => {
  it("returns what the SDK's validator returns, key order included, or leaves the answer to it", () => {
    const codec = legacyCodec("initialize");
    let read = 0;
    fc.assert(
      fc.property(initializeResult, (value) => {
        const mine = readInitializeResult(value);
        if (mine === undefined) return;
        read += 1;
        expectSdkAnswer(codec, "initialize", value, mine);
      }),
      { numRuns: 10_000 },
    );
    // Many answers are read here, not merely left to the SDK.
    expect(read).toBeGreaterThan(1_000);
  });

  it("reads the answers real servers send", () => {
    const codec = legacyCodec("initialize");
    const answers = [
      // exa-search-server
      '{"protocolVersion":"2025-06-18","capabilities":{"tools":{"listChanged":true}},"serverInfo":{"name":"exa-search-server","title":"Exa","version":"3.4.1","websiteUrl":"https://exa.ai","icons":[{"src":"https://exa.ai/images/favicon-32x32.png","mimeType":"image/png","sizes":["32x32"]}]}}',
      // Context7
      '{"protocolVersion":"2025-06-18","capabilities":{"tools":{"listChanged":false},"prompts":{"listChanged":false},"resources":{"listChanged":false,"subscribe":false}},"serverInfo":{"name":"Context7","version":"4.1.1","websiteUrl":"https://context7.com","description":"Context7 provides up-to-date documentation","icons":[{"src":"https://context7.com/context7-icon-green.png","mimeType":"image/png"}]}}',
      // @modelcontextprotocol/server-everything
      '{"protocolVersion":"2025-11-25","capabilities":{"tools":{"listChanged":true},"prompts":{"listChanged":true},"resources":{"subscribe":true,"listChanged":true},"logging":{},"tasks":{"list":{},"cancel":{},"requests":{"tools":{"call":{}}}},"completions":{}},"serverInfo":{"name":"mcp-servers/everything","title":"Everything Reference Server","version":"2.0.0"},"instructions":"# Everything Server – Server Instructions\\n\\nAudience: an LLM."}',
      // Figma
      '{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"Figma MCP Server","version":"0.13.2","description":"Gives AI coding agents access to Figma"}}',
    ];
    for (const answer of answers) {
      const value: unknown = JSON.parse(answer);
      const mine = readInitializeResult(value);
      expect(mine).toBeDefined();
      expectSdkAnswer(codec, "initialize", value, mine);
    }
    // The schema's key order, not the server's.
    expect(JSON.stringify(readInitializeResult(JSON.parse(answers[2] as string))?.capabilities)).toBe(
      '{"logging":{},"completions":{},"prompts":{"listChanged":true},"resources":{"subscribe":true,"listChanged":true},"tools":{"listChanged":true},"tasks":{"list":{},"cancel":{},"requests":{"tools":{"call":{}}}}}',
    );
  });

  it("leaves an answer with a member the schema would drop to the SDK", () => {
    const withElicitation = {
      protocolVersion: "2025-11-25",
      capabilities: { tools: {}, elicitation: {} },
      serverInfo: { name: "s", version: "1" },
    };
    expect(legacyCodec("initialize").validateResult("initialize", withElicitation).ok).toBe(true);
    expect(readInitializeResult(withElicitation)).toBeUndefined();
  });
});
