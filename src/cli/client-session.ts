/**
 * What `run` and `chat` offer servers, from the config: sampling through the session's model (approval asked on
 * the terminal, no when nobody can answer; `sampling.models` maps a server's hints to other models of the same
 * provider), elicitation forms and URLs on the terminal, the configured roots (default: the working directory),
 * and server logs and tool progress on stderr.
 */
import type { Host } from "../catalog/host.js";
import type { Asker } from "../client-features/asker.js";
import { clientFeatures, followClientEvents } from "../client-features/client-features.js";
import { formatLogEntry } from "../client-features/logging.js";
import type { SamplingModel } from "../client-features/model-preferences.js";
import { RootsRegistry } from "../client-features/roots.js";
import type { SamplingApprovalHook } from "../client-features/sampling-handler.js";
import type { LogLevel, ServerConfig, SwitchboardConfig } from "../config/types.js";
import type { CallProgress, ClientFeatures, ConnectionOptions } from "../connect/types.js";
import type { CliIo } from "./main.js";
import { type AnyAdapter, createAdapter, type ModelChoice } from "./model-from-env.js";

/** Server log messages below this are not shown unless a server's `logLevel` says otherwise. */
export const CLI_DEFAULT_LOG_LEVEL: LogLevel = "warning";

export interface CliClientFeatures {
  features: ClientFeatures;
  /** Per-server connection options (each server's own log level). */
  perServer: (server: ServerConfig) => ConnectionOptions;
  roots: RootsRegistry;
  /** Prints logs and progress of the host's servers and sends roots changes; returns a detach function. */
  follow(host: Host): () => void;
}

export async function cliClientFeatures(
  config: SwitchboardConfig,
  model: { adapter: AnyAdapter; choice: ModelChoice; baseUrl?: string },
  io: CliIo,
  asker: Asker,
): Promise<CliClientFeatures> {
  const models: SamplingModel[] = [{ adapter: model.adapter }];
  for (const [hint, id] of Object.entries(config.sampling?.models ?? {})) {
    const adapter = await createAdapter(
      { provider: model.choice.provider, model: id },
      { env: io.env, ...(model.baseUrl === undefined ? {} : { baseUrl: model.baseUrl }) },
    );
    models.push({ adapter, aliases: [hint] });
  }
  const policy = config.sampling?.approval ?? "ask";
  const roots = new RootsRegistry(config.roots, io.cwd);
  const features = clientFeatures({
    sampling: {
      models,
      approval: policy === "ask" ? askSampling(asker) : policy,
      ...(config.sampling?.maxTokens === undefined ? {} : { maxTokens: config.sampling.maxTokens }),
      onEvent: (event) => {
        if (event.outcome !== "answered")
          io.err(`sampling for ${event.server} ${event.outcome}: ${event.detail || "the user said no"}`);
      },
    },
    elicitation: { asker },
    roots,
  });
  const levelOf = (server: ServerConfig): LogLevel => server.logLevel ?? CLI_DEFAULT_LOG_LEVEL;
  return {
    features,
    perServer: (server) => ({ features: { ...features, logLevel: levelOf(server) } }),
    roots,
    follow(host) {
      const progress = progressPrinter(io);
      return followClientEvents(
        host.pool.connections,
        {
          onLog: (entry) => io.err(formatLogEntry(entry)),
          onProgress: progress,
          logLevelFor: (name) => {
            const server = config.servers[name];
            return server === undefined ? CLI_DEFAULT_LOG_LEVEL : levelOf(server);
          },
        },
        roots,
      );
    },
  };
}

function askSampling(asker: Asker): SamplingApprovalHook {
  return async (request, { signal }) => {
    const tools = request.tools.length === 0 ? "" : `, tools: ${request.tools.join(", ")}`;
    const system = request.systemPrompt === undefined ? "" : `\n  system: ${oneLine(request.systemPrompt)}`;
    asker.say(
      `${request.server} asks to sample ${request.model} (${request.because}, at most ${request.maxTokens} tokens${tools}):${system}\n  ${oneLine(request.lastMessage)}`,
    );
    const answer = await asker.ask("Allow this sampling request? [y/N]: ", signal);
    return ["y", "yes"].includes(answer?.trim().toLowerCase() ?? "") ? "allow" : "deny";
  };
}

/**
 * Progress of tool calls: a bar redrawn in place on a terminal, one line per notification otherwise (logs and
 * pipes keep every step).
 */
function progressPrinter(io: CliIo): (server: string, progress: CallProgress) => void {
  return (server, event) => {
    const total = event.total !== undefined && event.total > 0 ? event.total : undefined;
    const count = total === undefined ? `${event.progress}` : `${event.progress}/${total}`;
    const message = event.message === undefined ? "" : ` ${event.message}`;
    if (io.interactive && io.redraw !== undefined && total !== undefined) {
      const width = 20;
      const filled = Math.max(0, Math.min(width, Math.round((event.progress / total) * width)));
      const bar = `[${"#".repeat(filled)}${".".repeat(width - filled)}]`;
      io.redraw(`… ${server}/${event.tool} ${bar} ${count}${message}${event.progress >= total ? "\n" : ""}`);
      return;
    }
    io.err(`… ${server}/${event.tool} progress ${count}${message}`);
  };
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 200 ? `${flat.slice(0, 199)}…` : flat;
}
