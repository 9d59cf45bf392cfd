/**
 * The provider registry: one line per wire format. Everything outside `providers/` that depends on a provider
 * looks its module up here instead of switching on an id. `registerProvider` adds a wire format from outside the
 * package (a test double, an in-house gateway's format) without touching anything else.
 */
import { SwitchboardError } from "../errors.js";
import type { ModelProviderId, ProviderId } from "../spec/provider-id.js";
import { anthropicProvider } from "./anthropic/provider.js";
import { geminiProvider } from "./gemini/provider.js";
import { mcpProvider } from "./mcp/provider.js";
import { openaiChatProvider } from "./openai-chat/provider.js";
import { openaiCompatibleAdapterEntry } from "./openai-compatible/adapter-entry.js";
import { openaiResponsesProvider } from "./openai-responses/provider.js";
import type { AdapterEntry, ModelModule, ProviderModule, ToolsModule } from "./provider-module.js";
import { TARGETS, type Target, type TargetId } from "./targets.js";

const BUILT_IN: { readonly [P in ProviderId]: ProviderModule<P> } = {
  anthropic: anthropicProvider,
  // OpenAI-compatible servers speak the Chat Completions wire: one more adapter on that module.
  "openai-chat": {
    ...openaiChatProvider,
    adapters: [...openaiChatProvider.adapters, openaiCompatibleAdapterEntry],
  },
  "openai-responses": openaiResponsesProvider,
  gemini: geminiProvider,
  mcp: mcpProvider,
};

const modules = new Map<string, ToolsModule<ProviderId> | ModelModule<ModelProviderId>>(
  Object.entries(BUILT_IN),
);
const extraTargets = new Map<string, Target>();

/** The module of a wire format. Throws a `USAGE` error for a wire no module is registered for. */
export function providerModule<P extends ProviderId>(id: P): ProviderModule<P> {
  const found = modules.get(id);
  if (found === undefined) {
    throw new SwitchboardError("USAGE", `No provider module is registered for the wire format "${id}"`);
  }
  return found as ProviderModule<P>;
}

/** The module of a wire format a model answers in (`mcp` has no responses to read). */
export function modelModule<P extends ModelProviderId>(id: P): ModelModule<P> {
  const found = providerModule(id) as ToolsModule | ModelModule;
  if (!("readToolCalls" in found)) {
    throw new SwitchboardError("USAGE", `The wire format "${id}" has no model responses to read`);
  }
  return found as ModelModule<P>;
}

/** Whether `id` is a registered wire format a model answers in (built in or added by `registerProvider`). */
export function isModelWire(id: string): boolean {
  const found = modules.get(id);
  return found !== undefined && "readToolCalls" in found;
}

/** The target `id` names: a built-in one or one a registered provider brought. */
export function targetFor(id: TargetId): Target {
  const target = Object.hasOwn(TARGETS, id) ? TARGETS[id] : extraTargets.get(id);
  if (target === undefined) throw new SwitchboardError("USAGE", `Unknown target "${id}"`);
  return target;
}

/** Every registered module, built-in ones first. */
export function providerModules(): readonly (ToolsModule | ModelModule)[] {
  return [...modules.values()];
}

/** The CLI adapter entry named `name` (`--provider`), over every registered model module. */
export function adapterEntry(name: string): AdapterEntry | undefined {
  for (const module of modules.values()) {
    const found = "adapters" in module ? module.adapters.find((entry) => entry.name === name) : undefined;
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Adds a wire format and the targets that use it. Its id and its targets' ids must be new: a built-in module is
 * never replaced. Returns a function that removes it again.
 */
export function registerProvider(module: ToolsModule | ModelModule, targets: readonly Target[]): () => void {
  if (modules.has(module.id)) {
    throw new SwitchboardError("USAGE", `A provider module is already registered for "${module.id}"`);
  }
  for (const target of targets) {
    if (target.wire !== module.id) {
      throw new SwitchboardError(
        "USAGE",
        `Target "${target.id}" has the wire "${target.wire}", not "${module.id}"`,
      );
    }
    if (Object.hasOwn(TARGETS, target.id) || extraTargets.has(target.id)) {
      throw new SwitchboardError("USAGE", `A target named "${target.id}" already exists`);
    }
  }
  modules.set(module.id, module);
  for (const target of targets) extraTargets.set(target.id, target);
  return () => {
    modules.delete(module.id);
    for (const target of targets) extraTargets.delete(target.id);
  };
}
