/**
 * Answers to `initialize`, read without the SDK's 2025-era result schema: what real servers send, so that a
 * connect to them does not load the SDK. Read here: `protocolVersion`, perhaps `instructions`, a `serverInfo` of
 * name and version with perhaps a title, icons, website and description, and capabilities among `experimental`,
 * `logging`, `completions`, `prompts`, `resources`, `tools`, `tasks` and `extensions` as the schema has them
 * (JSON objects copied, the plain flags, the tasks capability with any members it does not know kept as they are).
 * For those the schema's answer is known: the same members in the schema's key order (see schema-readers.ts),
 * which is what this returns (initialize-result.property.test.ts holds the two equal).
 *
 * Anything else returns undefined, and the caller asks the SDK's validator, which then loads: an answer with
 * `_meta` or a member the schema does not name (at the top, in `serverInfo`, an icon or the capabilities), a
 * `__proto__` member in any object it reads (the schema drops one), or a malformed answer.
 */
import type { Implementation, ServerCapabilities } from "@modelcontextprotocol/client";
import {
  boolean,
  icons,
  jsonObject,
  objectOf,
  optional,
  recordOf,
  required,
  string,
} from "./schema-readers.js";

/** What a session keeps of the server's `initialize` answer. */
export interface InitializeFacts {
  protocolVersion: string;
  capabilities: ServerCapabilities;
  serverInfo: Implementation;
  instructions?: string;
}

/** `ImplementationSchema`. */
const implementation = objectOf(
  [
    required("name", string),
    optional("title", string),
    optional("icons", icons),
    required("version", string),
    optional("websiteUrl", string),
    optional("description", string),
  ],
  "refuse",
);

/** `ServerTasksCapabilitySchema`: loose objects all the way down, so members it does not name are kept. */
const tasks = objectOf(
  [
    optional("list", jsonObject),
    optional("cancel", jsonObject),
    optional(
      "requests",
      objectOf([optional("tools", objectOf([optional("call", jsonObject)], "keep"))], "keep"),
    ),
  ],
  "keep",
);

const listChanged = objectOf([optional("listChanged", boolean)], "refuse");

/** `ServerCapabilitiesSchema`. */
const capabilities = objectOf(
  [
    optional("experimental", recordOf(jsonObject)),
    optional("logging", jsonObject),
    optional("completions", jsonObject),
    optional("prompts", listChanged),
    optional(
      "resources",
      objectOf([optional("subscribe", boolean), optional("listChanged", boolean)], "refuse"),
    ),
    optional("tools", listChanged),
    optional("tasks", tasks),
    optional("extensions", recordOf(jsonObject)),
  ],
  "refuse",
);

/**
 * `InitializeResultSchema` without `_meta` and the members it would keep unread: the schema's answer only where
 * every member is one read here.
 */
const initializeResult = objectOf(
  [
    required("protocolVersion", string),
    required("capabilities", capabilities),
    required("serverInfo", implementation),
    optional("instructions", string),
  ],
  "refuse",
);

/**
 * The answer as the SDK's validator would return it (the same members, key order included), or undefined when it
 * is not of the shape above. `value` is what JSON.parse made of the server's answer.
 */
export function readInitializeResult(value: unknown): InitializeFacts | undefined {
  return initializeResult(value) as InitializeFacts | undefined;
}
