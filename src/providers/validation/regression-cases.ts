/**
 * The tool-definition rows of docs/provider-rules.md#regressions as data: each real rejection rebuilt as a wire-shape `tools`
 * array plus the exact error the provider sent. Filler tools pad the array so the offending tool sits at the
 * documented index and the expected text is verbatim. Builders return fresh arrays on every call, so a
 * consumer (the emulator, the repair layer's tests) may mutate them.
 */

export type RegressionTarget = "anthropic" | "openai-chat" | "openai-responses" | "gemini";

export interface ToolRegressionCase {
  /** Row number in docs/provider-rules.md#regressions; a letter splits a row that documents two errors. */
  id: string;
  target: RegressionTarget;
  /** Where the error was observed. */
  source: string;
  /** The offending construct, as the table describes it. */
  fragment: string;
  /** The wire-shape `tools` array that reproduces it. */
  tools: unknown[];
  /** Validator options the case needs (the rule in force when it was observed). */
  options?: { nameMaxLength?: 64 | 128; strictGrammarToolLimit?: number };
  expected: { message: string; param?: string; code?: string };
  /** How `expected` differs from the table's abridged text, or what in the fragment is reconstructed. */
  note?: string;
}

const ANTHROPIC_INVALID_SCHEMA =
  "JSON schema is invalid. It must match JSON Schema draft 2020-12 (https://json-schema.org/draft/2020-12). Learn more about tool use at https://docs.anthropic.com/en/docs/tool-use.";

function anthropicFillers(count: number, extra: Record<string, unknown> = {}): unknown[] {
  return Array.from({ length: count }, (_, i) => ({
    name: `filler_${i}`,
    description: "A filler tool that keeps the offending tool at its documented index.",
    input_schema: { type: "object", properties: {} },
    ...extra,
  }));
}

function strictAnthropicTool(i: number): unknown {
  return {
    name: `strict_tool_${i}`,
    description: "Looks one record up.",
    strict: true,
    input_schema: {
      type: "object",
      properties: { id: { type: "string" } },
      required: ["id"],
      additionalProperties: false,
    },
  };
}

function chatFillers(count: number): unknown[] {
  return Array.from({ length: count }, (_, i) => ({
    type: "function",
    function: { name: `filler_${i}`, description: "Filler.", parameters: { type: "object", properties: {} } },
  }));
}

function chatTool(name: string, parameters: unknown, strict?: boolean): unknown {
  return { type: "function", function: { name, parameters, ...(strict === undefined ? {} : { strict }) } };
}

function geminiFillerDeclarations(count: number): unknown[] {
  return Array.from({ length: count }, (_, i) => ({ name: `filler_${i}`, description: "Filler." }));
}

/** One tool entry whose declaration list has `index` fillers before `declaration`. */
function geminiAt(index: number, declaration: unknown): unknown[] {
  return [{ functionDeclarations: [...geminiFillerDeclarations(index), declaration] }];
}

const GEMINI_NEWLINE_NOTE =
  "Gemini ends every `* GenerateContentRequest…` line with a newline (agno-agi/agno#2112, griptape#1112); the table drops it.";

export function toolRegressionCases(): ToolRegressionCase[] {
  return [
    {
      id: "1",
      target: "anthropic",
      source: "anthropics/claude-code#5319",
      fragment: 'zod union at root ⇒ {"oneOf":[{…},{…}]} (zereight/gitlab-mcp#551)',
      tools: [
        ...anthropicFillers(106),
        {
          name: "create_or_update_file",
          input_schema: {
            oneOf: [
              { type: "object", properties: { content: { type: "string" } }, required: ["content"] },
              { type: "object", properties: { file_path: { type: "string" } }, required: ["file_path"] },
            ],
          },
        },
      ],
      expected: {
        message:
          "tools.106.custom.input_schema: input_schema does not support oneOf, allOf, or anyOf at the top level",
      },
    },
    {
      id: "2",
      target: "anthropic",
      source: "acomagu/vscode-as-mcp-server#6",
      fragment: "not shown [U]",
      tools: [
        ...anthropicFillers(18),
        {
          name: "list_files",
          input_schema: {
            type: "object",
            properties: { depth: { type: "integer", minimum: 0, exclusiveMinimum: true } },
          },
        },
      ],
      expected: { message: `tools.18.custom.input_schema: ${ANTHROPIC_INVALID_SCHEMA}` },
      note: "The original schema was not shown; a draft-04 boolean `exclusiveMinimum` (invalid in 2020-12) stands in.",
    },
    {
      id: "3",
      target: "anthropic",
      source: "apify/tester-mcp-client#11",
      fragment: "name `josef.prochazka--webpage-singer`",
      tools: [
        ...anthropicFillers(7),
        { name: "josef.prochazka--webpage-singer", input_schema: { type: "object" } },
      ],
      options: { nameMaxLength: 64 },
      expected: { message: "tools.7.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,64}$'" },
      note: "Observed in 2025-03, when the bound was 64.",
    },
    {
      id: "4",
      target: "anthropic",
      source: "github/copilot-cli#1879",
      fragment: "names containing `.` or `/`",
      tools: [...anthropicFillers(134), { name: "github/create_issue", input_schema: { type: "object" } }],
      expected: { message: "tools.134.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'" },
    },
    {
      id: "5",
      target: "anthropic",
      source: "earendil-works/pi#9953",
      fragment: '{"timeoutMs":{"type":"integer","minimum":1,"maximum":300000}}',
      tools: [
        ...anthropicFillers(25),
        {
          name: "bash",
          strict: true,
          input_schema: {
            type: "object",
            properties: {
              command: { type: "string" },
              timeoutMs: { type: "integer", minimum: 1, maximum: 300000 },
            },
            required: ["command", "timeoutMs"],
            additionalProperties: false,
          },
        },
      ],
      expected: {
        message: "tools.25.custom: For 'integer' type, properties maximum, minimum are not supported",
      },
    },
    {
      id: "6",
      target: "anthropic",
      source: "anthropics/anthropic-sdk-typescript#885",
      fragment: "7–9 strict tools",
      tools: Array.from({ length: 7 }, (_, i) => strictAnthropicTool(i)),
      options: { strictGrammarToolLimit: 6 },
      expected: {
        message:
          "The compiled grammar is too large, which would cause performance issues. Simplify your tool schemas or reduce the number of strict tools.",
      },
      note: "The real ceiling is unpublished and model-dependent; the case sets the opt-in limit seen in the issue (6 pass, 7 fail).",
    },
    {
      id: "7",
      target: "anthropic",
      source: "genkit-ai/genkit#5230",
      fragment: "all tools forced strict",
      tools: Array.from({ length: 21 }, (_, i) => strictAnthropicTool(i)),
      expected: {
        message:
          "Schema is too complex for compilation. Try reducing the number of tools or simplifying tool schemas.",
      },
      note: "21 strict tools exceed the documented 20; the issue names the 20-tool and 24-optional limits as the trigger.",
    },
    {
      id: "11",
      target: "anthropic",
      source: "tool-search docs (as of 2026-05-02)",
      fragment: "every tool `defer_loading:true`",
      tools: anthropicFillers(3, { defer_loading: true }),
      expected: { message: "All tools have defer_loading set. At least one tool must be non-deferred." },
    },
    {
      id: "12",
      target: "openai-chat",
      source: "mark3labs/mcphost#35",
      fragment: '{"texts":{"type":"array","description":"词汇列表"}}',
      tools: [
        chatTool("save_vocabulary", {
          type: "object",
          properties: { texts: { type: "array", description: "词汇列表" } },
          required: ["texts"],
        }),
      ],
      expected: {
        message:
          "Invalid schema for function 'save_vocabulary': In context=('properties', 'texts'), array schema missing items.",
        param: "tools[0].function.parameters",
        code: "invalid_function_parameters",
      },
      note: "The table quotes only the context part; the `Invalid schema for function` prefix is OpenAI's usual form.",
    },
    {
      id: "13",
      target: "openai-chat",
      source: "Automattic/wordpress-mcp#103",
      fragment: '`value.type` list incl. `"array"`, no items',
      tools: [
        chatTool("mcp_wordpress-mcp_wc_update_product", {
          type: "object",
          properties: {
            id: { type: "integer" },
            meta_data: {
              type: "array",
              items: {
                type: "object",
                properties: {
                  key: { type: "string" },
                  value: { type: ["string", "number", "integer", "boolean", "object", "null", "array"] },
                },
              },
            },
          },
        }),
      ],
      expected: {
        message:
          "Invalid schema for function 'mcp_wordpress-mcp_wc_update_product': In context=('properties', 'meta_data', 'items', 'properties', 'value', 'type', '6'), array schema missing items.",
        param: "tools[0].function.parameters",
        code: "invalid_function_parameters",
      },
    },
    {
      id: "14",
      target: "openai-chat",
      source: "ravitemer/mcphub.nvim#124",
      fragment: 'free-form {"tool_input":{"type":"object"}}',
      tools: [
        chatTool(
          "use_mcp_tool",
          {
            type: "object",
            properties: {
              server_name: { type: "string" },
              tool_name: { type: "string" },
              tool_input: { type: "object" },
            },
            required: ["server_name", "tool_name", "tool_input"],
            additionalProperties: false,
          },
          true,
        ),
      ],
      expected: {
        message:
          "Invalid schema for function 'use_mcp_tool': In context=('properties', 'tool_input'), 'additionalProperties' is required to be supplied and to be false.",
        param: "tools[0].function.parameters",
        code: "invalid_function_parameters",
      },
    },
    {
      id: "15",
      target: "openai-responses",
      source: "kevinwatt/mysql-mcp#5",
      fragment: "optional `params` (strict default)",
      tools: [
        {
          type: "function",
          name: "mysql_execute",
          description: "Run a statement.",
          parameters: {
            type: "object",
            properties: { sql: { type: "string" }, params: { type: "array", items: { type: "string" } } },
            required: ["sql"],
            additionalProperties: false,
          },
        },
      ],
      expected: {
        message:
          "Invalid schema for function 'mysql_execute': In context=(), 'required' is required to be supplied and to be an array including every key in properties. Missing 'params'.",
        param: "tools[0].parameters",
        code: "invalid_function_parameters",
      },
    },
    {
      id: "16",
      target: "openai-chat",
      source: "camel-ai/camel#2629",
      fragment: "required key not in properties",
      tools: [
        chatTool(
          "call_function",
          {
            type: "object",
            properties: { function_name: { type: "string" } },
            required: ["function_name", "function_arguments"],
            additionalProperties: false,
          },
          true,
        ),
      ],
      expected: {
        message:
          "Invalid schema for function 'call_function': In context=(), 'required' is required to be supplied and to be an array including every key in properties. Extra required key 'function_arguments' supplied.",
        param: "tools[0].function.parameters",
        code: "invalid_function_parameters",
      },
      note: "The table abridges the head; function name and context are reconstructed.",
    },
    {
      id: "17",
      target: "openai-chat",
      source: "can1357/oh-my-pi#206",
      fragment: '{"url":{"type":"string","format":"uri"}}',
      tools: [
        chatTool(
          "mcp_firecrawl_mcp_firecrawl_scrape",
          {
            type: "object",
            properties: { url: { type: "string", format: "uri" } },
            required: ["url"],
            additionalProperties: false,
          },
          true,
        ),
      ],
      expected: {
        message:
          "Invalid schema for function 'mcp_firecrawl_mcp_firecrawl_scrape': In context=('properties', 'url'), 'uri' is not a valid format.",
        param: "tools[0].function.parameters",
        code: "invalid_function_parameters",
      },
    },
    {
      id: "18",
      target: "openai-chat",
      source: "langchain-ai/langchainjs#9804",
      fragment: "root combinator",
      tools: [
        chatTool("com_xxx_googleCalendar_createEvent", {
          type: "object",
          properties: { start: { type: "string" }, startDate: { type: "string" } },
          anyOf: [{ required: ["start"] }, { required: ["startDate"] }],
        }),
      ],
      expected: {
        message:
          "Invalid schema for function 'com_xxx_googleCalendar_createEvent': schema must have type 'object' and not have 'oneOf'/'anyOf'/'allOf'/'enum'/'not' at the top level.",
        param: "tools[0].function.parameters",
        code: "invalid_function_parameters",
      },
    },
    {
      id: "19",
      target: "openai-chat",
      source: "browserbase/stagehand#1159",
      fragment: "root without `type`",
      tools: [chatTool("json", { properties: { data: { type: "string" } } })],
      expected: {
        message: `Invalid schema for function 'json': schema must be a JSON Schema of 'type: "object"', got 'type: "None"'.`,
        param: "tools[0].function.parameters",
        code: "invalid_function_parameters",
      },
    },
    {
      id: "20",
      target: "openai-chat",
      source: "smallmain/vscode-unify-chat-provider#162",
      fragment: '"properties":{…,"type":"object"}',
      tools: [
        chatTool("mcp_pencil_replace_all_matching_properties", {
          type: "object",
          properties: { filePath: { type: "string" }, type: "object" },
        }),
      ],
      expected: {
        message:
          "Invalid schema for function 'mcp_pencil_replace_all_matching_properties': 'object' is not of type 'object', 'boolean'",
        param: "tools[0].function.parameters",
        code: "invalid_function_parameters",
      },
    },
    {
      id: "21",
      target: "openai-chat",
      source: "microsoft/foundry-dev-tools#201",
      fragment: "prefixed MCP name",
      tools: [...chatFillers(5), chatTool(`mcp__foundry_dev_tools__${"x".repeat(41)}`, { type: "object" })],
      expected: {
        message:
          "Invalid 'tools[5].function.name': string too long. Expected a string with maximum length 64, but got a string with length 65 instead.",
        param: "tools[5].function.name",
        code: "string_above_max_length",
      },
    },
    {
      id: "22",
      target: "openai-chat",
      source: "brekkylab/ailoy#109",
      fragment: "`/`-separated prefix",
      tools: [chatTool("github/create_issue", { type: "object", properties: {} })],
      expected: {
        message:
          "Invalid 'tools[0].function.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.",
        param: "tools[0].function.name",
        code: "invalid_value",
      },
    },
    {
      id: "23",
      target: "openai-chat",
      source: "zed-industries/zed#32946",
      fragment: "many MCP servers",
      tools: chatFillers(158),
      expected: {
        message:
          "Invalid 'tools': array too long. Expected an array with maximum length 128, but got an array with length 158 instead.",
        param: "tools",
        code: "array_above_max_length",
      },
    },
    {
      id: "28",
      target: "gemini",
      source: "google-gemini/gemini-cli#2237",
      fragment: '{"url":{"type":"string","format":"uri"}}',
      tools: geminiAt(22, {
        name: "fetch",
        parameters: {
          type: "object",
          properties: { url: { type: "string", format: "uri" } },
          required: ["url"],
        },
      }),
      expected: {
        message:
          "* GenerateContentRequest.tools[0].function_declarations[22].parameters.properties[url].format: only 'enum' and 'date-time' are supported for STRING type\n",
      },
      note: GEMINI_NEWLINE_NOTE,
    },
    {
      id: "29",
      target: "gemini",
      source: "openswarm-ai/openswarm#24",
      fragment: "zod-to-json-schema output",
      tools: geminiAt(16, {
        name: "list_items",
        parameters: {
          type: "object",
          properties: {
            query: { type: "string" },
            page: { type: "integer" },
            limit: { type: "integer", exclusiveMinimum: 0 },
          },
        },
      }),
      expected: {
        message:
          "Invalid JSON payload received. Unknown name \"exclusiveMinimum\" at 'tools[0].function_declarations[16].parameters.properties[2].value': Cannot find field.",
      },
      note: "The issue also lists `$schema`, `additionalProperties`, `const`, `propertyNames`; one key keeps the text to one line.",
    },
    {
      id: "30",
      target: "gemini",
      source: "CherryHQ/cherry-studio#3270",
      fragment: '{"type":"object","properties":{}}',
      tools: geminiAt(0, { name: "list_sessions", parameters: { type: "object", properties: {} } }),
      expected: {
        message:
          "* GenerateContentRequest.tools[0].function_declarations[0].parameters.properties: should be non-empty for OBJECT type\n",
      },
      note: GEMINI_NEWLINE_NOTE,
    },
    {
      id: "31",
      target: "gemini",
      source: "anomalyco/opencode#11889",
      fragment: "`properties` on non-object",
      tools: geminiAt(80, {
        name: "submit",
        parameters: {
          type: "object",
          properties: { data: { type: "string", properties: { id: { type: "string" } } } },
        },
      }),
      expected: {
        message:
          "* GenerateContentRequest.tools[0].function_declarations[80].parameters.properties[data].properties: only allowed for OBJECT type\n",
      },
      note: GEMINI_NEWLINE_NOTE,
    },
    {
      id: "32a",
      target: "gemini",
      source: "nanbingxyz/5ire#218",
      fragment: '"type":["string","null"]',
      tools: geminiAt(1, {
        name: "search",
        parameters: { type: "object", properties: { text: { type: ["string", "null"] } } },
      }),
      expected: {
        message:
          "Invalid JSON payload received. Unknown name \"type\" at 'tools[0].function_declarations[1].parameters.properties[0].value': Proto field is not repeating, cannot start list.",
      },
    },
    {
      id: "32b",
      target: "gemini",
      source: "nanbingxyz/5ire#218",
      fragment: "non-string enum",
      tools: geminiAt(1, {
        name: "scroll",
        parameters: { type: "object", properties: { direction: { type: "integer", enum: [1, -1] } } },
      }),
      expected: {
        message:
          "* GenerateContentRequest.tools[0].function_declarations[1].parameters.properties[direction].enum: only allowed for STRING type\n",
      },
      note: `The table abridges the head; the declaration index is reconstructed. ${GEMINI_NEWLINE_NOTE}`,
    },
    {
      id: "33",
      target: "gemini",
      source: "sbroenne/mcp-server-excel#607",
      fragment: '"enum":["list","open","close","create",""]',
      tools: [
        ...Array.from({ length: 6 }, (_, i) => ({ functionDeclarations: [{ name: `filler_${i}` }] })),
        {
          functionDeclarations: [
            {
              name: "excel_file",
              parameters: {
                type: "object",
                properties: { action: { type: "string", enum: ["list", "open", "close", ""] } },
                required: ["action"],
              },
            },
          ],
        },
      ],
      expected: {
        message:
          "* GenerateContentRequest.tools[6].function_declarations[0].parameters.properties[action].enum[3]: cannot be empty\n",
      },
      note: `The table's fragment has "" at index 4 but the error says enum[3]; the fragment here puts it at 3. ${GEMINI_NEWLINE_NOTE}`,
    },
    {
      id: "34",
      target: "gemini",
      source: "cline/cline#7339",
      fragment: "array without items",
      tools: geminiAt(16, {
        name: "crawl",
        parameters: {
          type: "object",
          properties: {
            url: { type: "string" },
            includeTags: { type: "array", description: "Tags to keep" },
          },
        },
      }),
      expected: {
        message:
          "* GenerateContentRequest.tools[0].function_declarations[16].parameters.properties[includeTags].items: missing field.\n",
      },
      note: GEMINI_NEWLINE_NOTE,
    },
    {
      id: "35",
      target: "gemini",
      source: "iBUHub/AIStudioToAPI#154",
      fragment: '`required:["ref"]`, `properties:{}`',
      tools: geminiAt(1, {
        name: "checkout",
        parameters: { type: "object", properties: {}, required: ["ref"] },
      }),
      expected: {
        message:
          "* GenerateContentRequest.tools[0].function_declarations[1].parameters.required[0]: property is not defined\n",
      },
      note: `Observed alone although \`properties\` is empty too: a node reports its first failing rule only. ${GEMINI_NEWLINE_NOTE}`,
    },
    {
      id: "36",
      target: "gemini",
      source: "CherryHQ/cherry-studio#4087",
      fragment: "bad MCP tool name",
      tools: geminiAt(9, { name: "21st_magic_component_builder", description: "Builds a component." }),
      options: { nameMaxLength: 64 },
      expected: {
        message:
          "* GenerateContentRequest.tools[0].function_declarations[9].name: Invalid function name. Must start with a letter or an underscore. Must be alphameric (a-z, A-Z, 0-9), underscores (_), dots (.) or dashes (-), with a maximum length of 64.\n",
      },
      note: `Observed when the bound was 64. The table abridges the head. ${GEMINI_NEWLINE_NOTE}`,
    },
    {
      id: "37",
      target: "gemini",
      source: "google-gemini/gemini-cli#19083",
      fragment: ">512 MCP tools",
      tools: [{ functionDeclarations: geminiFillerDeclarations(513) }],
      expected: {
        message:
          "The GenerateContentRequest proto is invalid:\n  * tools[0].function_declarations: [FIELD_INVALID] At most 512 function declarations can be specified.",
      },
    },
    {
      id: "38",
      target: "gemini",
      source: "agent-infra/sandbox#83",
      fragment: "dangling `$ref` (JSON-schema path)",
      tools: geminiAt(0, {
        name: "run_code",
        parametersJsonSchema: {
          type: "object",
          properties: { code: { type: "string" }, language: { $ref: "#/$defs/Language" } },
          required: ["code"],
        },
      }),
      expected: { message: "reference to undefined schema at properties.language" },
    },
    {
      id: "41",
      target: "gemini",
      source: "elastic/kibana#286302",
      fragment: '`format:"enum", enum:[]`',
      tools: geminiAt(0, {
        name: "set_kind",
        parameters: { type: "object", properties: { kind: { type: "string", format: "enum", enum: [] } } },
      }),
      expected: {
        message:
          "* GenerateContentRequest.tools[0].function_declarations[0].parameters.properties[kind].enum: should be non-empty for STRING type with enum format\n",
      },
      note: `The table's \`INVALID_ARGUMENT: \` prefix is the client's (the status travels separately); N and X are filled in. ${GEMINI_NEWLINE_NOTE}`,
    },
  ];
}
