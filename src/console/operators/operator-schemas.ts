// Schemas shared by the operator administration routes.
import { z } from "zod";

export const operatorParams = z.object({ operator_id: z.string().describe("The operator's id.") });

export const operatorRole = z.enum(["admin", "reviewer"], { error: "invalid_role" });

export const temporaryPassword = z
  .string()
  .describe("Shown once: hand it to the operator, who must choose a new password at the first sign-in.");
