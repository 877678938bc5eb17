// Hosted-flow appearance (spec: rule 5): set by operators per tenant (`tenants.settings.branding`, via
// `kyc branding set`) and per workflow (the workflow file's `branding`); never per session. The workflow's
// keys win over the tenant's; per-locale copy overrides merge key by key.
import { sql } from "kysely";
import { z } from "zod";
import type { Queryable } from "../../platform/db/transaction.js";
import { AppError } from "../../platform/errors.js";
import { requireTenantId } from "../../platform/tenants/tenants.js";

const localeCopy = z.record(z.string().max(100), z.string().max(2000));

export const brandingSchema = z.strictObject({
  /** An https URL or a data: URI (kept small: it travels in every state response). */
  logo_url: z
    .string()
    .max(200_000)
    .regex(
      /^(https?:\/\/|data:image\/(png|jpeg|svg\+xml|webp);base64,)/,
      "an http(s) URL or a data:image URI",
    )
    .optional(),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, "a #RRGGBB colour")
    .optional(),
  button_shape: z.enum(["rounded", "square", "pill"]).optional(),
  theme: z.enum(["light", "dark"]).optional(),
  default_language: z.enum(["en", "ne"]).optional(),
  company_name: z.string().max(200).optional(),
  /** Intro copy on the first screen: one text, or one per locale. */
  intro: z
    .union([
      z.string().max(2000),
      z.strictObject({ en: z.string().max(2000).optional(), ne: z.string().max(2000).optional() }),
    ])
    .optional(),
  /** Per-locale overrides of the page's copy, keyed as the page's string keys. */
  copy: z.strictObject({ en: localeCopy.optional(), ne: localeCopy.optional() }).optional(),
  /** Versioned terms: the applicant accepts this version before the first step. */
  terms: z
    .strictObject({ version: z.string().min(1).max(64), text: z.string().min(1).max(20_000) })
    .optional(),
});
export type Branding = z.infer<typeof brandingSchema>;

export function parseBranding(input: unknown): Branding {
  const parsed = brandingSchema.safeParse(input ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError("validation_failed", {
      field: issue.path.join(".") || "branding",
      message: `branding: ${issue.path.join(".")} ${issue.message}`.trim(),
    });
  }
  return parsed.data;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Workflow branding over tenant branding; `copy` merges per locale so one override does not drop the rest. */
export function mergeBranding(tenant: Json, workflow: Json): Json {
  const merged: Json = { ...tenant, ...workflow };
  if (isObject(tenant.copy) && isObject(workflow.copy)) {
    const copy: Json = { ...tenant.copy };
    for (const [locale, strings] of Object.entries(workflow.copy)) {
      copy[locale] =
        isObject(copy[locale]) && isObject(strings) ? { ...(copy[locale] as Json), ...strings } : strings;
    }
    merged.copy = copy;
  }
  return merged;
}

export async function loadSessionBranding(
  db: Queryable,
  tenantId: string,
  workflowId: string | null,
): Promise<Json> {
  const tenant = await db
    .selectFrom("tenants")
    .select("settings")
    .where("id", "=", tenantId)
    .executeTakeFirst();
  const workflow = workflowId
    ? await db
        .selectFrom("workflows")
        .select("branding")
        .where("tenant_id", "=", tenantId)
        .where("id", "=", workflowId)
        .executeTakeFirst()
    : undefined;
  const tenantBranding = tenant?.settings?.branding;
  return mergeBranding(isObject(tenantBranding) ? tenantBranding : {}, workflow?.branding ?? {});
}

/** `kyc branding set T --file branding.json`: replaces the tenant-level branding (validated). */
export async function setTenantBranding(db: Queryable, tenantId: string, input: unknown): Promise<Branding> {
  const branding = parseBranding(input);
  const row = await db
    .updateTable("tenants")
    .set({
      settings: sql`jsonb_set(coalesce(settings, '{}'::jsonb), '{branding}', ${JSON.stringify(branding)}::jsonb)`,
      updated_at: new Date(),
    })
    .where("id", "=", requireTenantId(tenantId))
    .returning("id")
    .executeTakeFirst();
  if (!row) throw new AppError("not_found", { message: "No such tenant." });
  return branding;
}

export async function getTenantBranding(db: Queryable, tenantId: string): Promise<Json> {
  const row = await db
    .selectFrom("tenants")
    .select("settings")
    .where("id", "=", requireTenantId(tenantId))
    .executeTakeFirst();
  if (!row) throw new AppError("not_found", { message: "No such tenant." });
  return isObject(row.settings?.branding) ? row.settings.branding : {};
}
