// Schemas shared by the console routes (they feed /openapi.json under the `console` tag).
import { z } from "zod";

export const CONSOLE_TAGS = ["console"];

export const tenantParams = z.object({
  tenant_id: z.string().describe("The tenant the operator acts on."),
});

export const okSchema = z.object({ ok: z.literal(true) });

/** A calendar day, YYYY-MM-DD (UTC). */
export const daySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "invalid_date" })
  .refine((value) => !Number.isNaN(Date.parse(value)), { error: "invalid_date" });

/** Offset paging: the answer carries the total for the filter in `X-Total-Count`. */
export const pageQuery = {
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0).describe("Rows to skip; default 0."),
};
