// biome-ignore-all lint/suspicious/noTemplateCurlyInString: "${VAR}" is config syntax here, not a mistaken template.
/**
 * Zod schemas for the raw file: Claude Desktop's `mcpServers` or VS Code's `servers`, plus switchboard's own
 * keys. Every object is strict, so a typo is an error rather than a silently ignored setting. String values that
 * reach a process or a request (command, args, env, cwd, url, headers) are `${VAR}`-expanded while parsing, so
 * one pass reports shape errors and unset variables together.
 */
import type { z as ZodApi } from "zod";
import { typeName } from "./describe-value.js";
import { type Env, expandVars } from "./expand-vars.js";
import { globProblem } from "./tool-glob.js";

/** `type` values per dialect. Claude Desktop clients spell Streamable HTTP three ways. */
export const CLAUDE_SERVER_TYPES = ["stdio", "http", "streamable-http", "streamableHttp", "sse"] as const;
export const VSCODE_SERVER_TYPES = ["stdio", "http", "sse"] as const;
export type RawServerType = (typeof CLAUDE_SERVER_TYPES)[number];

const STDIO_ONLY_KEYS = ["args", "env", "cwd"] as const;
const SERVER_PROTOCOLS = ["2025", "auto", "2026-07-28"] as const;
const LOG_LEVELS = ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"] as const;
const HTTP_ONLY_KEYS = ["headers", "auth"] as const;

function describeNumber(value: unknown): string {
  return typeof value === "number" ? String(value) : typeName(value);
}

/**
 * A server's name prefix appears verbatim in every provider's tool names, so it must be legal for all of them:
 * letters, digits, `_` and `-` (the characters every provider allows), a letter or `_` first (Gemini), and short
 * enough to leave the tool's own name room under the strictest limit (64).
 */
export const NAME_PREFIX = /^[A-Za-z_][A-Za-z0-9_-]{0,31}$/;

const nonEmpty = (value: string): string | undefined =>
  value === "" ? "expected a non-empty string (after ${VAR} expansion)" : undefined;

function httpUrl(value: string): string | undefined {
  // The value is never quoted: it may carry a token, or come from a variable.
  const expected = "expected an absolute http:// or https:// URL";
  if (!URL.canParse(value)) return expected;
  const { protocol, username, password } = new URL(value);
  if (protocol !== "http:" && protocol !== "https:") return expected;
  // fetch refuses such a URL, and the credentials would be printed wherever the URL is.
  if (username !== "" || password !== "")
    return 'expected a URL without credentials ("user:password@"); send them in "headers", e.g. "Authorization": "Basic ${BASIC_CREDENTIALS}"';
  return undefined;
}

/** CIMD (SEP-991): the client id is an https URL with a path (the SDK refuses anything else). */
function metadataUrl(value: string): string | undefined {
  const expected = "expected an absolute https:// URL with a path (the client metadata document)";
  if (!URL.canParse(value)) return expected;
  const { protocol, pathname } = new URL(value);
  return protocol === "https:" && pathname !== "/" ? undefined : expected;
}

interface KindFields {
  type?: RawServerType | undefined;
  command?: string | undefined;
  url?: string | undefined;
  [key: string]: unknown;
}

/** A server is stdio (`command`) or HTTP (`url`), never both, and only carries the keys of its kind. */
export function serverKindProblems(server: KindFields): { message: string; path: string[] }[] {
  const either = 'expected either "command" (stdio server) or "url" (HTTP server)';
  const hasCommand = server.command !== undefined;
  const hasUrl = server.url !== undefined;
  if (!hasCommand && !hasUrl) return [{ message: either, path: [] }];
  if (hasCommand && hasUrl) return [{ message: `${either}, not both`, path: [] }];
  const problems: { message: string; path: string[] }[] = [];
  const kindKey = hasCommand ? "command" : "url";
  if (server.type !== undefined && (server.type === "stdio") !== hasCommand) {
    const needs = server.type === "stdio" ? "command" : "url";
    problems.push({
      message: `type ${JSON.stringify(server.type)} needs "${needs}", but this server has "${kindKey}"`,
      path: ["type"],
    });
  }
  const foreign = hasCommand ? HTTP_ONLY_KEYS : STDIO_ONLY_KEYS;
  for (const key of foreign) {
    if (server[key] !== undefined) {
      const kind = hasCommand ? "HTTP" : "stdio";
      problems.push({
        message: `"${key}" applies only to ${kind} servers; this server has "${kindKey}"`,
        path: [key],
      });
    }
  }
  return problems;
}

type Zod = typeof ZodApi;

/**
 * The schema builders over one zod instance. zod arrives as an argument rather than an import so that importing
 * the package does not load it: `loadConfig` imports zod before it parses, and the synchronous `parseConfig`
 * requires it when nothing has (see config-zod.ts).
 */
function configSchemas(z: Zod) {
  const positiveInt = z
    .int({ error: (issue) => `expected a positive integer, got ${describeNumber(issue.input)}` })
    .positive({ error: (issue) => `expected a positive integer, got ${describeNumber(issue.input)}` });

  const glob = z.string().superRefine((text, ctx) => {
    const problem = globProblem(text);
    if (problem !== undefined) ctx.addIssue({ code: "custom", message: problem });
  });

  const toolFilter = z.strictObject({
    allow: z.array(glob).optional(),
    deny: z.array(glob).optional(),
    readOnly: z.boolean().optional(),
  });

  const namePrefix = z.string().superRefine((text, ctx) => {
    if (NAME_PREFIX.test(text)) return;
    ctx.addIssue({
      code: "custom",
      message: `expected a name prefix legal for every provider: 1 to 32 characters from A-Z, a-z, 0-9, "_" and "-", starting with a letter or "_" (got ${JSON.stringify(text.length > 40 ? `${text.slice(0, 37)}...` : text)})`,
    });
  });

  /** A string that is `${VAR}`-expanded, then optionally checked. */
  function expanded(env: Env, check?: (value: string) => string | undefined) {
    return z.string().transform((text, ctx) => {
      const result = expandVars(text, env);
      const problems = result.ok ? [check?.(result.value)].filter((p) => p !== undefined) : result.problems;
      for (const message of problems) ctx.issues.push({ code: "custom", message, input: text });
      return problems.length === 0 && result.ok ? result.value : z.NEVER;
    });
  }

  const port = z
    .int({ error: (issue) => `expected a port number 1-65535, got ${describeNumber(issue.input)}` })
    .min(1, { error: (issue) => `expected a port number 1-65535, got ${describeNumber(issue.input)}` })
    .max(65_535, { error: (issue) => `expected a port number 1-65535, got ${describeNumber(issue.input)}` });

  const scope = z.string().superRefine((text, ctx) => {
    // RFC 6749 §3.3: scope tokens are printable ASCII without spaces, quotes or backslashes.
    if (!/^[\x21\x23-\x5b\x5d-\x7e]+$/.test(text))
      ctx.addIssue({
        code: "custom",
        message: "expected one scope token (printable ASCII, no spaces or quotes)",
      });
  });

  /** OAuth client settings of an HTTP server. Secrets are `${VAR}`-expanded and never quoted back. */
  function authSchema(env: Env) {
    return z
      .strictObject({
        clientId: expanded(env, nonEmpty).optional(),
        clientSecret: expanded(env, nonEmpty).optional(),
        clientMetadataUrl: expanded(env, metadataUrl).optional(),
        scopes: z.array(scope).optional(),
        callbackPort: port.optional(),
        grant: z.enum(["authorization_code", "client_credentials", "jwt_bearer"]).optional(),
        issuer: expanded(env, httpUrl).optional(),
        assertionEnv: z
          .string()
          .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "expected an environment variable name")
          .optional(),
        assertionFile: expanded(env, nonEmpty).optional(),
        dpop: z.boolean().optional(),
      })
      .superRefine(
        (auth, ctx) => {
          if (auth.clientSecret !== undefined && auth.clientId === undefined)
            ctx.addIssue({
              code: "custom",
              path: ["clientSecret"],
              message: '"clientSecret" needs "clientId"',
            });
          if (auth.clientId !== undefined && auth.clientMetadataUrl !== undefined)
            ctx.addIssue({
              code: "custom",
              path: ["clientMetadataUrl"],
              message: 'expected either "clientId" (pre-registered) or "clientMetadataUrl" (CIMD), not both',
            });
          if (
            auth.grant === "client_credentials" &&
            (auth.clientId === undefined || auth.clientSecret === undefined)
          )
            ctx.addIssue({
              code: "custom",
              path: ["grant"],
              message: '"client_credentials" needs "clientId" and "clientSecret"',
            });
          if (auth.grant === "client_credentials" && auth.issuer === undefined)
            ctx.addIssue({
              code: "custom",
              path: ["issuer"],
              message:
                '"client_credentials" needs "issuer", the authorization server the client secret may be sent to',
            });
          if (auth.grant === "jwt_bearer") {
            if (auth.clientId === undefined)
              ctx.addIssue({ code: "custom", path: ["grant"], message: '"jwt_bearer" needs "clientId"' });
            if (auth.issuer === undefined)
              ctx.addIssue({
                code: "custom",
                path: ["issuer"],
                message:
                  '"jwt_bearer" needs "issuer", the authorization server the workload assertion may be sent to',
              });
            if ((auth.assertionEnv === undefined) === (auth.assertionFile === undefined))
              ctx.addIssue({
                code: "custom",
                path: ["grant"],
                message: '"jwt_bearer" needs exactly one of "assertionEnv" or "assertionFile"',
              });
          } else {
            for (const key of ["assertionEnv", "assertionFile"] as const)
              if (auth[key] !== undefined)
                ctx.addIssue({
                  code: "custom",
                  path: [key],
                  message: `"${key}" needs "grant": "jwt_bearer"`,
                });
          }
        },
        { when: (payload) => payload.issues.length === 0 },
      );
  }

  function serverSchema(env: Env, types: readonly [RawServerType, ...RawServerType[]]) {
    return z
      .strictObject({
        type: z.enum(types).optional(),
        command: expanded(env, nonEmpty).optional(),
        args: z.array(expanded(env)).optional(),
        env: z.record(z.string(), expanded(env)).optional(),
        cwd: expanded(env, nonEmpty).optional(),
        url: expanded(env, httpUrl).optional(),
        headers: z.record(z.string(), expanded(env)).optional(),
        auth: authSchema(env).optional(),
        enabled: z.boolean().optional(),
        timeoutMs: positiveInt.optional(),
        connectTimeoutMs: positiveInt.optional(),
        maxConcurrentCalls: positiveInt.optional(),
        tools: toolFilter.optional(),
        prefix: namePrefix.optional(),
        logLevel: z.enum(LOG_LEVELS).optional(),
        protocol: z.enum(SERVER_PROTOCOLS).optional(),
      })
      .superRefine(
        (server, ctx) => {
          for (const problem of serverKindProblems(server)) ctx.addIssue({ code: "custom", ...problem });
        },
        // Only on an otherwise clean server: after a typo such as "comand", "missing command" would be noise.
        { when: (payload) => payload.issues.length === 0 },
      );
  }

  /** The whole file. `env` feeds `${VAR}` expansion. */
  function createConfigSchema(env: Env) {
    return z.strictObject({
      $schema: z.string().optional(),
      mcpServers: z.record(z.string(), serverSchema(env, CLAUDE_SERVER_TYPES)).optional(),
      servers: z.record(z.string(), serverSchema(env, VSCODE_SERVER_TYPES)).optional(),
      /** VS Code's prompt definitions; accepted so its files load, but `${input:...}` is not expanded. */
      inputs: z.array(z.record(z.string(), z.unknown())).optional(),
      agents: z
        .record(
          z.string(),
          z.strictObject({
            servers: z.array(z.string()),
            toolSearch: z.enum(["off", "facade", "dynamic", "native", "auto"]).optional(),
            toolSearchBudgetTokens: positiveInt.optional(),
            overLimit: z.enum(["refuse", "search"]).optional(),
            skills: z.enum(["tool", "system", "off"]).optional(),
            skillMaxBytes: positiveInt.optional(),
          }),
        )
        .optional(),
      /** Tool-call approval: globs over emitted names or `server__tool` → allow | ask | deny. */
      approval: z
        .strictObject({
          rules: z.record(glob, z.enum(["allow", "ask", "deny"])).optional(),
          requireApprovalFor: z.enum(["destructive", "all", "none"]).optional(),
        })
        .optional(),
      /** Roots offered to servers: paths or `file://` URIs. */
      roots: z.array(expanded(env, nonEmpty)).optional(),
      /** Servers sampling the model: approval, a token cap, hint → model. */
      sampling: z
        .strictObject({
          approval: z.enum(["ask", "allow", "deny"]).optional(),
          maxTokens: positiveInt.optional(),
          models: z.record(z.string(), z.string()).optional(),
        })
        .optional(),
      /** Price overrides per model (USD per 1M tokens); the cost layer checks each field and names bad ones. */
      prices: z.record(z.string(), z.record(z.string(), z.unknown())).optional(),
      /** When a server's list_changed reaches the model. */
      listChanged: z.enum(["next-turn", "next-conversation"]).optional(),
      /** The usage ledger: its file (relative to this config's folder) and whether to record at all. */
      ledger: z
        .strictObject({ path: expanded(env, nonEmpty).optional(), enabled: z.boolean().optional() })
        .optional(),
    });
  }

  return createConfigSchema;
}

const factories = new WeakMap<Zod, ReturnType<typeof configSchemas>>();

/** The whole file, validated with `z`. `env` feeds `${VAR}` expansion. */
export function createConfigSchema(z: Zod, env: Env) {
  let factory = factories.get(z);
  if (factory === undefined) {
    factory = configSchemas(z);
    factories.set(z, factory);
  }
  return factory(env);
}

export type RawConfig = ZodApi.output<ReturnType<typeof createConfigSchema>>;
export type RawServer = NonNullable<RawConfig["mcpServers"]>[string];
