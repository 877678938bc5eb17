// The applicant API's refusals in the OpenAPI document, from the step contract: one response per status,
// listing the stable codes `detail` can carry there (the sentence is in `message`).
import { z } from "zod";
import { type ApplicantErrorInfo, DOCUMENT_UNREADABLE_REASONS } from "./step-contract.js";

// Loose: a refusal may carry extra keys (e.g. Retry-After travels as a header, `reason` on documents).
const errorBody = z.looseObject({
  detail: z.string().describe("A stable code; branch on it."),
  message: z.string().describe("A human sentence for logs and developers; not contractual."),
  reason: z
    .enum(DOCUMENT_UNREADABLE_REASONS)
    .optional()
    .describe("On 422 document_unreadable when the photo shows why."),
});

export function errorResponses(...tables: Record<string, ApplicantErrorInfo>[]): Record<number, z.ZodType> {
  const byStatus = new Map<number, string[]>();
  for (const table of tables) {
    for (const [code, info] of Object.entries(table)) {
      const codes = byStatus.get(info.status) ?? [];
      if (!codes.includes(code)) codes.push(code);
      byStatus.set(info.status, codes);
    }
  }
  return Object.fromEntries(
    [...byStatus].map(([status, codes]) => [status, errorBody.describe(`detail: ${codes.join(", ")}`)]),
  );
}
