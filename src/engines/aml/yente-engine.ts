// AmlEngine over a yente server's HTTP API (research/aml.md): POST /match/{dataset} with FtM-shaped
// queries; results are tiered exactly like the built-in engine's.
import { AppError } from "../../platform/errors.js";
import type { AmlEngine } from "./aml-engine.js";
import type { AmlMatch, AmlQuery } from "./entity.js";
import { isIdentifyingName } from "./identifying-name.js";
import { listsForTopics } from "./list-mapping.js";
import { entityFromFtm } from "./load-ftm.js";
import { normalizeIdentifier } from "./score-entity.js";
import {
  assembleResult,
  placeHit,
  requireName,
  resolveOptions,
  sharesIdNumber,
  type Tier,
  toMatch,
} from "./screen.js";

export interface YenteEngineOptions {
  /** yente collection, default "default". */
  dataset?: string;
  /** yente algorithm, default "logic-v2". */
  algorithm?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

interface YenteResult {
  id: string;
  caption?: string;
  schema: string;
  properties?: Record<string, unknown>;
  datasets?: string[];
  score: number;
  first_seen?: string | null;
  last_seen?: string | null;
}

interface YenteMatchResponse {
  responses?: Record<string, { results?: YenteResult[] }>;
}

function queryProperties(query: AmlQuery, name: string): Record<string, string[]> {
  const properties: Record<string, string[]> = { name: [name] };
  if (query.firstName) properties.firstName = [query.firstName];
  if (query.lastName) properties.lastName = [query.lastName];
  if (query.birthDate) properties.birthDate = [query.birthDate];
  if (query.nationality) properties.nationality = [query.nationality.toLowerCase()];
  if (query.country) properties.country = [query.country.toLowerCase()];
  if (query.documentNumber) properties.idNumber = [query.documentNumber];
  if (query.email) properties.email = [query.email];
  if (query.phone) properties.phone = [query.phone];
  if (query.gender) properties.gender = [query.gender.toLowerCase()];
  return properties;
}

export function createYenteEngine(baseUrl: string, options: YenteEngineOptions = {}): AmlEngine {
  const base = baseUrl.replace(/\/+$/, "");
  const dataset = options.dataset ?? "default";
  const algorithm = options.algorithm ?? "logic-v2";
  const timeoutMs = options.timeoutMs ?? 10_000;
  const doFetch = options.fetch ?? fetch;

  async function request(path: string, init?: RequestInit): Promise<Response> {
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (cause) {
      throw new AppError("screening_unavailable", { message: "the screening service is unreachable", cause });
    }
    if (!response.ok) {
      throw new AppError("screening_unavailable", {
        message: `the screening service answered ${response.status}`,
      });
    }
    return response;
  }

  return {
    async screen(query, screenOptions) {
      const resolved = resolveOptions(screenOptions);
      const name = requireName(query);
      const nameIdentifies = isIdentifyingName(name, query.schema === "Organization");
      const queryIds = query.documentNumber ? [normalizeIdentifier(query.documentNumber)] : [];
      const params = new URLSearchParams({
        algorithm,
        threshold: String(resolved.threshold),
        cutoff: String(resolved.cutoff),
        limit: String(resolved.limit),
      });
      const body = {
        queries: { q: { schema: query.schema ?? "Person", properties: queryProperties(query, name) } },
      };
      const response = await request(`/match/${encodeURIComponent(dataset)}?${params}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      let payload: YenteMatchResponse;
      try {
        payload = (await response.json()) as YenteMatchResponse;
      } catch (cause) {
        throw new AppError("screening_unavailable", {
          message: "the screening service answered garbage",
          cause,
        });
      }
      const tiers: Record<Exclude<Tier, null>, AmlMatch[]> = {
        matches: [],
        possible_matches: [],
        informational_matches: [],
      };
      for (const result of payload.responses?.q?.results ?? []) {
        const entity = entityFromFtm(result);
        if (!entity || typeof result.score !== "number") continue;
        // spec: candidates on no enabled list never flag.
        const lists = listsForTopics(entity.topics).filter((list) => resolved.lists.includes(list));
        if (lists.length === 0) continue;
        const match = toMatch(entity, result.score, resolved.threshold, lists);
        const identified = nameIdentifies || sharesIdNumber(queryIds, entity);
        const tier = placeHit(match, entity, Boolean(query.birthDate), resolved, identified);
        if (tier) tiers[tier].push(match);
      }
      return assembleResult(tiers, resolved, { provider: "yente", dataset, algorithm });
    },
    async isReady() {
      try {
        await request("/readyz");
        return true;
      } catch {
        return false;
      }
    },
    async entityCount() {
      const response = await request(`/search/${encodeURIComponent(dataset)}?limit=0`);
      const payload = (await response.json()) as { total?: { value?: number } };
      return payload.total?.value ?? 0;
    },
  };
}
