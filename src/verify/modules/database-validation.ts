// DATABASE_VALIDATION (server-only; decision array `database_validations`): at finish, the confirmed identity
// fields (registry-identity.ts) go to the tenant's registry connector named by the node (registry/); the
// registry answers per field exact | fuzzy | mismatch | unavailable and a record reference, and the node
// decides by rule. Node config:
//   connector        (required)  the tenant's connector name (`kyc registry set`)
//   fields           ([full_name, date_of_birth, document_number])  what is sent (registry-contract.ts)
//   required_fields  (= fields)  fields whose `unavailable` counts (others are informative)
//   on_mismatch      (declined)  declined | in_review
//   on_fuzzy         (in_review) approved | in_review | declined
//   on_unavailable   (in_review) approved | in_review | declined — a required field the registry cannot say
//   on_not_found     (declined)  declined | in_review — the registry has no such record
//   on_error         (in_review) approved | in_review | declined — connector missing, unreachable, bad answer
// data: {connector, request_id, source, document_type, submitted: {field: value}, record_found,
// record_reference, fields: {field: match}, attempts, error}. Score: exact 1, fuzzy 0.5 over the fields sent.
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { AppError } from "../../platform/errors.js";
import { callRegistry } from "../registry/call-registry.js";
import { findRegistryConnector } from "../registry/registry-connectors.js";
import { type FieldMatch, REGISTRY_FIELDS } from "../registry/registry-contract.js";
import { type ModuleContext, type NodeStatus, type WorkflowModule, worstStatus } from "./module.js";
import { registryIdentity } from "./registry-identity.js";
import { documentBefore } from "./session-evidence.js";

const status = z.enum(["approved", "in_review", "declined"]);
const fieldList = z.array(z.enum(REGISTRY_FIELDS)).min(1).max(REGISTRY_FIELDS.length);
const configSchema = z.strictObject({
  connector: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,62}$/, "names a connector (lower case)"),
  fields: fieldList.default(["full_name", "date_of_birth", "document_number"]),
  required_fields: fieldList.optional(),
  on_mismatch: z.enum(["declined", "in_review"]).default("declined"),
  on_fuzzy: status.default("in_review"),
  on_unavailable: status.default("in_review"),
  on_not_found: z.enum(["declined", "in_review"]).default("declined"),
  on_error: status.default("in_review"),
});
type RegistryConfig = z.infer<typeof configSchema>;

/** The decision rule over the registry's per-field answer (exported for its unit test). */
export function decideRegistryMatch(
  config: RegistryConfig,
  sent: readonly string[],
  answer: { record_found: boolean; fields: Record<string, FieldMatch> },
): { status: NodeStatus; warnings: string[]; fields: Record<string, FieldMatch>; score: number } {
  if (!answer.record_found) {
    return { status: config.on_not_found, warnings: ["registry_record_not_found"], fields: {}, score: 0 };
  }
  const required = config.required_fields ?? config.fields;
  const fields: Record<string, FieldMatch> = {};
  for (const field of sent) fields[field] = answer.fields[field] ?? "unavailable";
  const statuses: NodeStatus[] = ["approved"];
  const warnings = new Set<string>();
  for (const [field, match] of Object.entries(fields)) {
    if (match === "mismatch") {
      warnings.add("registry_field_mismatch");
      statuses.push(config.on_mismatch);
    } else if (match === "fuzzy") {
      warnings.add("registry_field_fuzzy");
      statuses.push(config.on_fuzzy);
    } else if (match === "unavailable" && (required as readonly string[]).includes(field)) {
      warnings.add("registry_field_unavailable");
      statuses.push(config.on_unavailable);
    }
  }
  const points = Object.values(fields).reduce(
    (sum, m) => sum + (m === "exact" ? 1 : m === "fuzzy" ? 0.5 : 0),
    0,
  );
  const score = sent.length === 0 ? 0 : Math.round((points / sent.length) * 100);
  return { status: worstStatus(statuses), warnings: [...warnings], fields, score };
}

export const databaseValidationModule: WorkflowModule = {
  features: ["DATABASE_VALIDATION"],
  decisionArray: "database_validations",
  parseConfig(config) {
    const parsed = configSchema.safeParse(config ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new AppError("invalid_workflow", {
        message: `DATABASE_VALIDATION: ${issue.path.join(".")} ${issue.message}`.trim(),
      });
    }
    return parsed.data;
  },
  checkPlacement(node, nodes) {
    if (!documentBefore(node, nodes)) {
      throw new AppError("invalid_workflow", {
        message: `DATABASE_VALIDATION (${node.id}) needs an enabled ID_VERIFICATION node before it`,
      });
    }
  },
  entitlements: () => ["DATABASE_VALIDATION"],
  async evaluate(context: ModuleContext) {
    const config = configSchema.parse(context.node.config);
    const requestId = randomUUID();
    const identity = registryIdentity(context, config.fields);
    const base = {
      connector: config.connector,
      request_id: requestId,
      source: identity?.source ?? null,
      document_type: identity?.document_type ?? null,
      submitted: identity?.fields ?? {},
    };
    const failed = (warning: string, error: string, attempts = 0) => ({
      result: {
        status: config.on_error,
        score: null,
        warnings: [warning],
        data: { ...base, record_found: null, record_reference: null, fields: {}, attempts, error },
      },
    });
    const sent = config.fields.filter((field) => identity?.fields[field] !== undefined);
    if (!identity || sent.length === 0) return failed("registry_no_identity", "no identity fields were read");
    const connector = await findRegistryConnector(context.db, context.session.tenant_id, config.connector);
    if (!connector) return failed("registry_unavailable", `no enabled connector ${config.connector}`);
    const call = await callRegistry(
      connector,
      {
        request_id: requestId,
        session_id: context.session.id,
        node_id: context.node.id,
        connector: config.connector,
        document_type: identity.document_type,
        source: identity.source,
        fields: identity.fields,
      },
      { allowPrivateTargets: context.services.config.allowPrivateTargets },
    );
    if (!call.ok) {
      context.services.log.warn({ connector: config.connector, err: call.error }, "registry call failed");
      return failed("registry_unavailable", call.error, call.attempts);
    }
    const decided = decideRegistryMatch(config, sent, call.response);
    return {
      result: {
        status: decided.status,
        score: decided.score,
        warnings: decided.warnings,
        data: {
          ...base,
          record_found: call.response.record_found,
          record_reference: call.response.record_reference ?? null,
          fields: decided.fields,
          attempts: call.attempts,
          error: null,
        },
      },
    };
  },
};
