/**
 * Where resources, prompts and completions come from: a host's connections, by configured server name. The
 * connection's own methods (`ServerConnection.readResource`, …) do the MCP requests; this file only routes.
 */
import { SwitchboardError } from "../errors.js";
import type { CompletionLike, CompletionRef, GetPromptResultLike, ReadResourceResultLike } from "./types.js";

/** What a connection offers this layer (`ServerConnection` satisfies it). */
export interface ContextConnection {
  readResource(uri: string, options?: { signal?: AbortSignal }): Promise<ReadResourceResultLike>;
  getPrompt(
    name: string,
    args?: Record<string, string>,
    options?: { signal?: AbortSignal },
  ): Promise<GetPromptResultLike>;
  complete(params: {
    ref: CompletionRef;
    argument: { name: string; value: string };
    context?: { arguments?: Record<string, string> };
  }): Promise<{ completion: CompletionLike }>;
}

/** A host (`connectHost`'s result satisfies it). */
export interface ContextHost {
  readonly pool: { get(server: string): ContextConnection | undefined };
}

export function connectionOf(host: ContextHost, server: string): ContextConnection {
  const connection = host.pool.get(server);
  if (connection === undefined) {
    throw new SwitchboardError("SERVER_NOT_FOUND", `No connected server named "${server}"`);
  }
  return connection;
}

/**
 * Completion values for one prompt argument or template variable (`completion/complete`), given what is typed so
 * far and the other arguments already chosen. Empty when the server offers no completion.
 */
export async function completeArgument(
  host: ContextHost,
  server: string,
  ref: CompletionRef,
  argument: { name: string; value: string },
  otherArguments: Record<string, string> = {},
): Promise<string[]> {
  const connection = connectionOf(host, server);
  const { completion } = await connection.complete({
    ref,
    argument,
    ...(Object.keys(otherArguments).length === 0 ? {} : { context: { arguments: otherArguments } }),
  });
  return completion.values;
}
