// Schemas of the console's flow routes (partner flows: what a hosted application collects and hands on).
import { z } from "zod";

export const flowSchema = z.object({
  id: z.string(),
  name: z.string(),
  is_active: z.boolean(),
  workflow_id: z.string(),
  form_fields: z.array(z.string()).describe("Some of full_name, phone, email, identifier."),
  risk_lists: z.array(z.object({ list_id: z.string(), action: z.enum(["reject", "manual_review"]) })),
  created_at: z.string(),
  updated_at: z.string(),
});

export const flowInputFields = {
  name: z.string().max(200).describe("Shown to operators."),
  workflow_id: z.string().describe("The tenant's workflow the applicant is handed to."),
  is_active: z.boolean().describe("Inactive flows refuse new partner sessions."),
  form_fields: z.array(z.string()).describe("Some of full_name, phone, email, identifier."),
  risk_lists: z
    .array(
      z.object({
        list_id: z.string().describe("One of the tenant's risk lists."),
        action: z.enum(["reject", "manual_review"]).describe("What a hit does."),
      }),
    )
    .describe("Replaces the lists the flow evaluates."),
};
