// Schemas of the console's risk-list routes (the partner surface's lists, managed by operators).
import { z } from "zod";
import { tenantParams } from "../console-schemas.js";

export { entrySchema, riskListSchema } from "../../partner/partner-schemas.js";

export const listParams = tenantParams.extend({ list_id: z.string().describe("The risk list id.") });
export const entryParams = listParams.extend({ entry_id: z.string().describe("The entry id.") });
