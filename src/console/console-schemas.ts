// Schemas shared by the console routes (they feed /openapi.json under the `console` tag).
import { z } from "zod";

export const CONSOLE_TAGS = ["console"];

export const tenantParams = z.object({
  tenant_id: z.string().describe("The tenant the operator acts on."),
});

export const okSchema = z.object({ ok: z.literal(true) });
