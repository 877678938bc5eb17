// AML_SCREENING: screens the applicant against the configured lists (spec: AML module outcome; decision
// array aml_screenings, data key `matches` plus possible_matches, informational_matches, risk_level,
// lists_checked, provider, dataset, algorithm, threshold and `screened` — the name, birth date and nationality
// that were screened and where they came from).
// Name source: an earlier ID_VERIFICATION node's extracted fields; without one, this node is an applicant
// step asking for full_name, date_of_birth and nationality, pre-filled from the session's prefill (the
// applicant confirms them; prefill alone never decides). After a CONFIRM_DETAILS node, its confirmed values
// (`screened.source`: confirmed_details) replace the document's reading. A session never fails because AML is down.
import { z } from "zod";
import { type AmlResult, countryCode } from "../../engines/aml/index.js";
import {
  recordIdentityScreening,
  type ScreenedParty,
} from "../../identities/aml-monitoring/enrol-identity.js";
import {
  type AmlConfig,
  amlConfigSchema,
  amlOutcome,
  checkedLists,
} from "../../identities/aml-monitoring/monitoring-config.js";
import type { Tx } from "../../platform/db/transaction.js";
import { AppError } from "../../platform/errors.js";
import type { StepBodies, StepConfigs } from "../applicant/step-contract.js";
import { confirmedDetails } from "./confirm-details.js";
import { partyFromConfirmed } from "./confirm-details-fields.js";
import type { ModuleContext, NodeState, WorkflowModule, WorkflowNode } from "./module.js";

const DOCUMENT_FEATURE = "ID_VERIFICATION";

function configOf(node: WorkflowNode): AmlConfig {
  return amlConfigSchema.parse(node.config) as AmlConfig;
}

function parseConfig(config: unknown): Record<string, unknown> {
  const parsed = amlConfigSchema.safeParse(config ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError("invalid_workflow", {
      message: `AML_SCREENING: ${issue.path.join(".")} ${issue.message}`.trim(),
    });
  }
  return parsed.data as Record<string, unknown>;
}

/** True when an ID_VERIFICATION node comes before this one: the document supplies the name. */
function documentBefore(node: WorkflowNode, nodes: readonly WorkflowNode[]): boolean {
  const index = nodes.findIndex((candidate) => candidate.id === node.id);
  return nodes.slice(0, index).some((candidate) => candidate.feature === DOCUMENT_FEATURE);
}

function text(value: unknown): string | null {
  return typeof value === "string" && value.trim() ? value.trim() : null;
}

/** The name, birth date and nationality read from the latest earlier document node. */
function partyFromDocument(context: ModuleContext): ScreenedParty | null {
  const index = context.nodes.findIndex((state) => state.node.id === context.node.id);
  const documents = context.nodes
    .slice(0, index)
    .filter((state: NodeState) => state.node.feature === DOCUMENT_FEATURE && state.result);
  const fields = (documents.at(-1)?.result?.data.fields ?? {}) as Record<string, unknown>;
  // Passports give surname and given names (MRZ); cards give full_name.
  const fullName =
    text(fields.full_name) ??
    ([text(fields.given_names), text(fields.surname)].filter(Boolean).join(" ") || null);
  if (!fullName) return null;
  return {
    full_name: fullName,
    date_of_birth: text(fields.date_of_birth),
    nationality: text(fields.nationality),
  };
}

function partyFromCaptures(captures: Record<string, unknown>): ScreenedParty | null {
  const fullName = text(captures.full_name);
  if (!fullName) return null;
  return {
    full_name: fullName,
    date_of_birth: text(captures.date_of_birth),
    nationality: text(captures.nationality),
  };
}

function isoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const answers: z.ZodType<StepBodies["aml_confirmation"]> = z.object({
  full_name: z.string().trim().max(300).optional(),
  date_of_birth: z
    .string()
    .refine((value) => value === "" || isoDate(value))
    .optional(),
  nationality: z
    .string()
    .regex(/^([A-Za-z]{2})?$/)
    .optional(),
});

function emptyData(config: AmlConfig, party: ScreenedParty | null, source: string) {
  return {
    matches: [],
    possible_matches: [],
    informational_matches: [],
    risk_level: null,
    lists_checked: checkedLists(config),
    screened: party ? { ...party, source } : null,
  };
}

export const amlScreeningModule: WorkflowModule = {
  features: ["AML_SCREENING"],
  decisionArray: "aml_screenings",
  readsResultsOf: ["ID_VERIFICATION"],
  parseConfig,
  entitlements: () => ["AML_SCREENING"],
  step: {
    appliesTo: (node, nodes) => !documentBefore(node, nodes),
    async describe(context): Promise<StepConfigs["aml_confirmation"]> {
      const prefill = context.session.prefill;
      const prefilledName =
        text(prefill.full_name) ??
        ([text(prefill.first_name), text(prefill.last_name)].filter(Boolean).join(" ") || null);
      // Every field stays editable: the applicant corrects what the integrator pre-filled.
      return {
        fields: [
          { id: "full_name", type: "text", required: true, value: prefilledName, editable: true },
          {
            id: "date_of_birth",
            type: "date",
            required: false,
            value: text(prefill.date_of_birth),
            editable: true,
          },
          {
            id: "nationality",
            type: "country",
            required: false,
            value: text(prefill.nationality),
            editable: true,
          },
        ],
      };
    },
    async submit(_context, body) {
      const parsed = answers.safeParse(body ?? {});
      if (!parsed.success) {
        const field = String(parsed.error.issues[0]?.path[0] ?? "body");
        throw new AppError("validation_failed", { field, detail: `invalid_${field}` });
      }
      const { full_name, date_of_birth, nationality } = parsed.data;
      return {
        full_name: full_name || null,
        date_of_birth: date_of_birth || null,
        nationality: nationality ? nationality.toUpperCase() : null,
      };
    },
  },
  async evaluate(context) {
    const config = configOf(context.node);
    const fromDocument = documentBefore(
      context.node,
      context.nodes.map((state) => state.node),
    );
    // A CONFIRM_DETAILS node the applicant completed overrides the raw reading with the confirmed values.
    const confirmed = fromDocument ? confirmedDetails(context.nodes) : null;
    const source = confirmed ? "confirmed_details" : fromDocument ? "document" : "applicant";
    const party = confirmed
      ? partyFromConfirmed(confirmed)
      : fromDocument
        ? partyFromDocument(context)
        : partyFromCaptures(context.captures);
    const individualId = context.session.individual_id;
    const tenantId = context.session.tenant_id;
    const commitFor = (result: AmlResult | null) =>
      individualId
        ? async (tx: Tx) => recordIdentityScreening(tx, { tenantId, individualId, config, party, result })
        : undefined;
    // spec: no name in a module run gives review aml_insufficient_data.
    if (!party) {
      return {
        result: {
          status: "in_review",
          score: null,
          warnings: ["aml_insufficient_data"],
          data: emptyData(config, null, source),
        },
        commit: commitFor(null),
      };
    }
    let result: AmlResult;
    try {
      result = await context.services.engines.aml().screen(
        {
          name: party.full_name,
          birthDate: party.date_of_birth ?? undefined,
          nationality: countryCode(party.nationality) ?? undefined,
          email: context.session.contact_email ?? undefined,
          phone: context.session.contact_phone ?? undefined,
          schema: "Person",
        },
        { lists: checkedLists(config), threshold: config.match_threshold },
      );
    } catch (error) {
      // A session never fails because AML is down: it waits for a person instead.
      context.services.log.warn(
        { sessionId: context.session.id, err: (error as Error).message },
        "AML screening unavailable",
      );
      return {
        result: {
          status: "in_review",
          score: null,
          warnings: ["aml_screening_unavailable"],
          data: emptyData(config, party, source),
        },
        commit: commitFor(null),
      };
    }
    const outcome = amlOutcome(result, config);
    const top = [...result.matches, ...result.possible_matches, ...result.informational_matches];
    return {
      result: {
        status: outcome.status,
        score: top.length > 0 ? Math.round(Math.max(...top.map((match) => match.score)) * 100) : null,
        warnings: outcome.warnings,
        data: { ...result, screened: { ...party, source } },
      },
      commit: commitFor(result),
    };
  },
};
