/**
 * Every public export has TSDoc where it is declared (issue 21): the entry points in package.json `exports`,
 * every re-export followed to its declaration, types-only re-exports included. A failure prints each
 * undocumented declaration as `file:line name`.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { type Undocumented, undocumentedExports } from "./check-tsdoc.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const ENTRY_POINTS = [
  "src/index.ts",
  "src/gateway/index.ts",
  "src/testing/index.ts",
  "src/interop/ai-sdk.ts",
  "src/interop/openai-agents.ts",
  "src/interop/langchain.ts",
];

/**
 * Declarations still without TSDoc, as `file name`. The list may only shrink: the test fails when a listed name
 * gains its comment (remove it here) as it does when an unlisted one lacks it. src/toolset/build-toolset.ts and
 * src/spec/wire-tools.ts were being rewritten on another branch when the rest gained theirs.
 */
const KNOWN_UNDOCUMENTED: readonly string[] = [
  "src/toolset/build-toolset.ts BuildToolsetOptions",
  "src/toolset/build-toolset.ts Toolset",
  // Exported by the typed-arrays merge (h/types) after the TSDoc pass: documented next, never added to.
  "src/agent/agent-events.ts AgentEventListener",
  "src/agent/live-toolset.ts LiveToolsetOptions",
  "src/agent/run-agent.ts ToolsetContext",
  "src/cache/cache-breakpoints.ts CacheControl",
  "src/cache/list-changed-policy.ts ListChangedPolicy",
  "src/cache/list-changed-policy.ts ListChangedPolicyOptions",
  "src/cache/observe-conversation.ts CallObservation",
  "src/cache/observe-conversation.ts ToolsChangeReport",
  "src/cache/observe-conversation.ts ConversationObserverOptions",
  "src/cache/observe-conversation.ts ConversationObserver",
  "src/cache/tools-diff.ts ToolChangeKind",
  "src/cache/tools-diff.ts ToolChange",
  "src/cache/tools-diff.ts ToolsBytesChange",
  "src/catalog/catalog.ts CatalogEvents",
  "src/catalog/types.ts CatalogPromptArgument",
  "src/catalog/types.ts CatalogDiff",
  "src/catalog/types.ts CatalogChange",
  "src/context/prompt-messages.ts PromptMessages",
  "src/context/resource-parts.ts ResourceParts",
  "src/dispatch/answer-response.ts ResponseOf",
  "src/dispatch/answer-response.ts Answer",
  "src/dispatch/answer-response.ts AnswerOptions",
  "src/dispatch/approval.ts ApprovalRule",
  "src/dispatch/approval.ts ApprovalRequest",
  "src/dispatch/approval.ts ApprovalAnswer",
  "src/dispatch/approval.ts ApprovalDecision",
  "src/dispatch/types.ts DispatchCallOptions",
  "src/providers/anthropic/anthropic-adapter.ts AnthropicAdapterOptions",
  "src/providers/anthropic/anthropic-adapter.ts AnthropicAdapter",
  "src/providers/gemini/gemini-adapter.ts GeminiAdapterOptions",
  "src/providers/gemini/gemini-adapter.ts GeminiAdapter",
  "src/providers/openai-chat/openai-chat-adapter.ts OpenAIChatAdapterOptions",
  "src/providers/openai-chat/openai-chat-adapter.ts OpenAIChatAdapter",
  "src/providers/openai-compatible/openai-compatible-adapter.ts OpenAICompatibleAdapterOptions",
  "src/providers/openai-responses/openai-responses-adapter.ts OpenAIResponsesAdapterOptions",
  "src/providers/openai-responses/openai-responses-adapter.ts OpenAIResponsesAdapter",
  "src/spec/context.ts ContextMessage",
  "src/toolsearch/tool-search-toolset.ts ToolSearchOptions",
];

const key = (entry: Undocumented): string => `${entry.file} ${entry.name}`;

let found: Undocumented[];
beforeAll(() => {
  found = undocumentedExports(
    ROOT,
    ENTRY_POINTS.map((path) => join(ROOT, path)),
  );
}, 180_000);

describe("TSDoc on the public API", () => {
  it("every public declaration has a TSDoc comment (known gaps aside)", () => {
    const missing = found.filter((entry) => !KNOWN_UNDOCUMENTED.includes(key(entry)));
    expect(missing.map((entry) => `${entry.file}:${entry.line} ${entry.name}`).join("\n")).toBe("");
  });

  it("every known gap still lacks its comment (remove an entry once documented)", () => {
    const documented = KNOWN_UNDOCUMENTED.filter((known) => !found.some((entry) => key(entry) === known));
    expect(documented.join("\n")).toBe("");
  });
});

describe("the TSDoc checker catches what it is for", () => {
  it("follows re-exports and `export type *` to the declaration, and reports only the undocumented", () => {
    const dir = mkdtempSync(join(tmpdir(), "tsdoc-check-"));
    try {
      mkdirSync(join(dir, "src", "inner"), { recursive: true });
      const write = (path: string, text: string) => writeFileSync(join(dir, path), text);
      write(
        "src/index.ts",
        'export { bare, documented as renamed, overloaded } from "./inner/index.js";\nexport type * from "./types.js";\n',
      );
      write("src/inner/index.ts", 'export { bare, documented, overloaded } from "./impl.js";\n');
      write(
        "src/inner/impl.ts",
        "export function bare(): void {}\n/** Says so. */\nexport const documented = 1;\n" +
          // The first signature speaks for the overloads after it and for the implementation.
          "/** First. */\nexport function overloaded(a: string): string;\nexport function overloaded(a: number): number;\n" +
          "export function overloaded(a: unknown): unknown {\n  return a;\n}\n",
      );
      write(
        "src/types.ts",
        "/** Documented. */\nexport interface Shown {\n  x: number;\n}\nexport type Hidden = string;\n",
      );
      const result = undocumentedExports(dir, [join(dir, "src/index.ts")]);
      expect(result.map((entry) => `${entry.file}:${entry.line} ${entry.name}`)).toEqual([
        "src/inner/impl.ts:1 bare",
        "src/types.ts:5 Hidden",
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
