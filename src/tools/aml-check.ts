// POST /v3/tools/aml-check/ (spec: aml-check): screens one person against sanctions, PEP, adverse-media and
// POI lists and answers the AML result. 400 name_required; 503 screening_unavailable (never charged).
import { z } from "zod";
import { startAmlIndexSync } from "../engines/aml/aml-store-sync.js";
import { AML_LISTS, type AmlQuery, DEFAULT_THRESHOLD } from "../engines/aml/index.js";
import { type App, tenantOf } from "../platform/http/app.js";
import type { Services } from "../services.js";
import { runChargeableTool } from "./run-chargeable-tool.js";
import { amlThresholdOf } from "./tenant-aml-threshold.js";

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

function isCalendarDate(value: string): boolean {
  if (!isoDate.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

const name = (what: string) => z.string().trim().max(300).optional().describe(what);
const countryField = (what: string) =>
  z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .transform((value) => value.toUpperCase())
    .optional()
    .describe(`${what}: ISO 3166-1 alpha-2 code (e.g. NP); 400 invalid_<field> otherwise.`);

const body = z.object({
  full_name: name("The person's full name. Required unless first_name and last_name are given."),
  first_name: name("Given name(s); with last_name, replaces full_name."),
  last_name: name("Family name; with first_name, replaces full_name. Family-name parts weigh more."),
  date_of_birth: z
    .string()
    .refine(isCalendarDate)
    .optional()
    .describe(
      "YYYY-MM-DD. Narrows candidates (a disjoint birth date lowers the score) and enables the " +
        "corroboration rule: a PEP or adverse-media hit whose entity has no birth date is demoted to a " +
        "possible match with `uncorroborated: true` (sanctions are exempt).",
    ),
  nationality: countryField("Nationality"),
  country: countryField("Country of residence"),
  document_number: z
    .string()
    .trim()
    .max(100)
    .optional()
    .describe("Passport or ID number; an equal listed identifier raises the score."),
  lists: z
    .array(z.enum(AML_LISTS))
    .min(1)
    .optional()
    .describe(
      "Lists to screen: sanctions (topics sanction*, debarment, export.control), pep (role.pep, role.rca), " +
        "adverse_media (crime*, wanted, reg.action, reg.warn), poi. Default all four.",
    ),
  match_threshold: z
    .number()
    .min(0)
    .max(1)
    .optional()
    .describe(
      `Score 0..1 from which a hit is confirmed (goes to matches). Default: the tenant's AML threshold ` +
        `(${DEFAULT_THRESHOLD} unless the operator set another with \`kyc aml threshold\`).`,
    ),
});

/** spec: Tool result shapes — AML match object. */
const amlMatch = z.object({
  entity_id: z.string(),
  name: z.string(),
  schema: z.string().describe("FtM schema: Person, Organization, Company, LegalEntity, Vessel…"),
  score: z.number().describe("0..1."),
  match: z.boolean().describe("score ≥ threshold."),
  lists: z.array(z.enum(AML_LISTS)).describe("The enabled lists this entity is on."),
  topics: z.array(z.string()).describe("FtM risk topics, e.g. sanction, role.pep, crime."),
  datasets: z.array(z.string()),
  birth_date: z.string().nullable(),
  countries: z.array(z.string()),
  aliases: z.array(z.string()),
  nationalities: z.array(z.string()),
  positions: z.array(z.string()),
  gender: z.string().nullable(),
  addresses: z.array(z.string()),
  id_numbers: z.array(z.string()),
  url: z.string().nullable(),
  uncorroborated: z
    .literal(true)
    .optional()
    .describe("Present on a PEP/adverse-media hit demoted because the entity has no birth date to confirm."),
});

/** spec: Tool result shapes — AML result. */
export const amlResultSchema = z.object({
  risk_level: z
    .enum(["high", "medium", "low", "clear"])
    .describe(
      "high: confirmed hit on a blocking list; medium: only possible matches; low: only informational; clear.",
    ),
  matches: z.array(amlMatch).describe("Confirmed hits: score at or above the threshold."),
  possible_matches: z
    .array(amlMatch)
    .describe("Score at or above the cutoff (0.5) but below the threshold, or a demoted hit."),
  informational_matches: z
    .array(amlMatch)
    .describe("Hits whose only list is poi and whose every dataset is informational."),
  lists_checked: z
    .array(z.enum(AML_LISTS))
    .describe("The requested lists that loaded data covers: a list with no loaded entity is not named."),
  provider: z.string(),
  dataset: z.string(),
  algorithm: z.string(),
  threshold: z.number(),
  lists_not_loaded: z
    .array(z.enum(AML_LISTS))
    .optional()
    .describe("Requested lists with no loaded data: they were not checked (built-in engine)."),
  stale_lists: z
    .array(z.object({ source: z.string(), as_of: z.string(), age_hours: z.number() }))
    .optional()
    .describe(
      "Stored lists older than AML_MAX_LIST_AGE_HOURS (default 48): `as_of` is when each was last known current.",
    ),
  warnings: z
    .array(z.string())
    .optional()
    .describe(
      "`aml_lists_not_loaded` when lists_not_loaded is not empty; `aml_lists_stale` when stale_lists is not empty.",
    ),
});

type AmlCheckBody = z.infer<typeof body>;

function queryOf(input: AmlCheckBody): AmlQuery {
  return {
    name: input.full_name || undefined,
    firstName: input.first_name || undefined,
    lastName: input.last_name || undefined,
    birthDate: input.date_of_birth,
    nationality: input.nationality,
    country: input.country,
    documentNumber: input.document_number || undefined,
    schema: "Person",
  };
}

export function registerAmlCheckRoute(app: App, services: Services): void {
  // design: each node builds its index from the stored lists — in the background, so the API serves at
  // once (aml-check answers 503 until it is ready); with a shared PostgreSQL server, also re-checked
  // periodically so a load made through another node reaches this one.
  let stopSync = () => {};
  app.addHook("onReady", async () => {
    stopSync = startAmlIndexSync(services, { periodic: services.config.databaseUrl !== undefined });
  });
  app.addHook("onClose", async () => stopSync());
  app.post(
    "/tools/aml-check/",
    {
      config: { rateBucket: "kyc_v3_tools" },
      schema: {
        summary: "Screen a person against sanctions, PEP, adverse-media and POI lists",
        description:
          "A name is the minimum query (400 name_required); date of birth, nationality, country and " +
          "document number narrow the candidates. 503 screening_unavailable while no list is loaded or " +
          "the screening engine is down (not charged; the body's `hint` names `kyc aml sync` / `kyc aml load`). " +
          "Billed as AML_CHECK on success.",
        tags: ["tools"],
        body,
        response: { 200: amlResultSchema },
      },
    },
    async (request) => {
      const { tenantId } = tenantOf(request);
      const input = request.body;
      return runChargeableTool(services, {
        tenantId,
        features: ["AML_CHECK"],
        billedFeature: "AML_CHECK",
        work: async () =>
          services.engines.aml().screen(queryOf(input), {
            lists: input.lists,
            // spec: match_threshold defaults to the tenant AML threshold (0.7 unless the operator set one).
            threshold: input.match_threshold ?? (await amlThresholdOf(services.db, tenantId)),
          }),
      });
    },
  );
}
