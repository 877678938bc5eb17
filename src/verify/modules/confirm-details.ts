// CONFIRM_DETAILS: after ID_VERIFICATION the applicant sees what was read from the document (Devanagari values
// with their Latin transliteration) and corrects what the node allows. Node config:
//   editable_fields  (["full_name", "date_of_birth"])  groups the applicant may correct (confirm-details-fields)
//   review_on_change (["full_name", "date_of_birth"])  groups whose correction sends the session to review
// decision_v3 `confirm_details` entries: {node_id, status, score: null, warnings, data: {original, confirmed,
// changed}} — original as read, confirmed after corrections, changed the corrected field ids. A later
// AML_SCREENING screens the confirmed name and birth date.
import { z } from "zod";
import { AppError } from "../../platform/errors.js";
import type { StepConfigs } from "../applicant/step-contract.js";
import { CONFIRMABLE_GROUPS, confirmFields, groupOf, originalValues } from "./confirm-details-fields.js";
import type { NodeState, NodeStatus, WorkflowModule, WorkflowNode } from "./module.js";
import { documentBefore, documentReading } from "./session-evidence.js";

const _DOCUMENT_FEATURE = "ID_VERIFICATION";
const MAX_LENGTH = 300;

const groups = z.array(z.enum(CONFIRMABLE_GROUPS)).max(CONFIRMABLE_GROUPS.length);
const configSchema = z.strictObject({
  editable_fields: groups.default(["full_name", "date_of_birth"]),
  review_on_change: groups.default(["full_name", "date_of_birth"]),
});
type ConfirmConfig = z.infer<typeof configSchema>;

/** What the node keeps at submit (and reports in `data`). */
export interface ConfirmCaptures {
  document_type: string | null;
  original: Record<string, string>;
  confirmed: Record<string, string>;
  changed: string[];
}

const configOf = (node: WorkflowNode): ConfirmConfig => configSchema.parse(node.config);

function isoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function corrections(body: unknown): Record<string, unknown> {
  const raw = (body ?? {}) as Record<string, unknown>;
  const fields = raw.fields;
  if (fields !== undefined && fields !== null && typeof fields === "object" && !Array.isArray(fields)) {
    return fields as Record<string, unknown>;
  }
  if (raw.confirm === true && fields === undefined) return {};
  throw new AppError("validation_failed", {
    field: "fields",
    detail: "fields_required",
    message: "Send {fields: {field_id: value}} with corrections, or {confirm: true}.",
  });
}

export const confirmDetailsModule: WorkflowModule = {
  features: ["CONFIRM_DETAILS"],
  decisionArray: "confirm_details",
  parseConfig(config) {
    const parsed = configSchema.safeParse(config ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new AppError("invalid_workflow", {
        message: `CONFIRM_DETAILS: ${issue.path.join(".")} ${issue.message}`.trim(),
      });
    }
    return parsed.data;
  },
  checkPlacement(node, nodes) {
    if (!documentBefore(node, nodes)) {
      throw new AppError("invalid_workflow", {
        message: `CONFIRM_DETAILS (${node.id}) needs an enabled ID_VERIFICATION node before it`,
      });
    }
  },
  entitlements: () => ["CONFIRM_DETAILS"],
  step: {
    appliesTo: documentBefore,
    async describe(context): Promise<StepConfigs["confirm_details"]> {
      const reading = documentReading(context);
      const original = reading ? originalValues(reading) : {};
      return {
        document_type: reading?.detected_type ?? null,
        fields: confirmFields(original, configOf(context.node).editable_fields),
      };
    },
    async submit(context, body) {
      const requested = corrections(body);
      const reading = documentReading(context);
      const original = reading ? originalValues(reading) : {};
      const shown = new Map(
        confirmFields(original, configOf(context.node).editable_fields).map((f) => [f.id, f]),
      );
      const confirmed = { ...original };
      const changed: string[] = [];
      for (const [id, raw] of Object.entries(requested)) {
        const field = shown.get(id);
        if (!field) {
          throw new AppError("validation_failed", {
            field: id,
            detail: "unknown_field",
            message: `${id.slice(0, 64)} is not one of this step's fields.`,
          });
        }
        if (!field.editable) {
          throw new AppError("unprocessable", {
            field: id,
            detail: "field_not_editable",
            message: `${id} is read-only in this step.`,
          });
        }
        const value = typeof raw === "string" ? raw.trim() : "";
        if (!value || value.length > MAX_LENGTH || (field.type === "date" && !isoDate(value))) {
          throw new AppError("validation_failed", { field: id, detail: `invalid_${id}` });
        }
        if (value !== original[id]) {
          confirmed[id] = value;
          changed.push(id);
        }
      }
      const captures: ConfirmCaptures = {
        document_type: reading?.detected_type ?? null,
        original,
        confirmed,
        changed,
      };
      return { ...captures };
    },
  },
  async evaluate(context) {
    const captures = context.captures as Partial<ConfirmCaptures>;
    const changed = captures.changed ?? [];
    const review = configOf(context.node).review_on_change as readonly string[];
    const warnings: string[] = [];
    if (Object.keys(captures.original ?? {}).length === 0) warnings.push("details_not_read");
    if (changed.length > 0) warnings.push("details_corrected");
    const status: NodeStatus = changed.some((id) => review.includes(groupOf(id) ?? id))
      ? "in_review"
      : "approved";
    return {
      result: {
        status,
        score: null,
        warnings,
        data: {
          document_type: captures.document_type ?? null,
          original: captures.original ?? {},
          confirmed: captures.confirmed ?? {},
          changed,
        },
      },
    };
  },
};

/** The confirmed values of the session's last CONFIRM_DETAILS node the applicant completed, if any. */
export function confirmedDetails(nodes: readonly NodeState[]): Record<string, string> | null {
  const done = nodes.filter(
    (state) => state.node.feature === "CONFIRM_DETAILS" && state.node.enabled && state.captures.confirmed,
  );
  return (done.at(-1)?.captures.confirmed as Record<string, string> | undefined) ?? null;
}
