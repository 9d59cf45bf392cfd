/**
 * The gateway re-exposes its upstream servers' skills: it declares `io.modelcontextprotocol/skills` when one of
 * them does (so a gateway over servers without skills declares exactly what it did before), answers `skills/list`
 * and `skills/get` from the catalogue (entries only; nothing is read upstream to list them), and `resources/read`
 * of a skill file goes to the server that lists it, read only when a client asks.
 */
import { ProtocolError, ProtocolErrorCode, type Server } from "@modelcontextprotocol/server";
import * as z from "zod";
import type { CatalogSkill } from "../catalog/types.js";
import type { Gateway } from "./gateway.js";
import type { UpstreamResource } from "./resource-table.js";
import { buildSkillTable, type SkillTable } from "./skill-table.js";

export const SKILLS_EXTENSION = "io.modelcontextprotocol/skills";

/** Caching fields every skills result carries (required on 2026-07-28, harmless before): never cache. */
const NO_CACHE = { ttlMs: 0, cacheScope: "private" } as const;

const tables = new WeakMap<readonly CatalogSkill[], SkillTable>();

/** The skill table at the gateway's current catalogue, built once per generation's skills. */
export function skillTable(gateway: Gateway): SkillTable {
  const skills = gateway.catalog.snapshot().skills ?? [];
  let table = tables.get(skills);
  if (table === undefined) {
    table = buildSkillTable(skills);
    tables.set(skills, table);
  }
  return table;
}

/** A downstream skill file's upstream, and how to show the URIs of what it returns; undefined for other URIs. */
export function skillFileTarget(
  gateway: Gateway,
  uri: string,
): (UpstreamResource & { downstream: (uri: string) => string }) | undefined {
  const table = skillTable(gateway);
  const target = table.resolveFile(uri);
  return target === undefined
    ? undefined
    : { ...target, downstream: (returned) => table.toDownstream(target.server, returned) };
}

/** Declares the extension and serves its methods on `server`, when an upstream server offers skills. */
export function serveSkills(server: Server, gateway: Gateway): void {
  const offered = gateway.host.servers.some(
    (status) => status.info?.capabilities.extensions?.[SKILLS_EXTENSION] !== undefined,
  );
  if (!offered) return;
  server.registerCapabilities({ extensions: { [SKILLS_EXTENSION]: {} } });
  server.setRequestHandler(
    "skills/list",
    { params: z.looseObject({ cursor: z.string().optional() }) },
    () => ({
      ...NO_CACHE,
      skills: skillTable(gateway).skills as never,
    }),
  );
  server.setRequestHandler("skills/get", { params: z.looseObject({ uri: z.string() }) }, (params) => {
    const skill = skillTable(gateway).get(params.uri);
    if (skill === undefined) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Skill ${params.uri.slice(0, 200)} not found`);
    }
    return { ...NO_CACHE, skill: skill as never };
  });
}
