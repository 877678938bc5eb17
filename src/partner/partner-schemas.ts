// Response schemas shared by the partner routes (spec: Resources — Hosted session, Application, Risk list).
import { z } from "zod";

export const applicationSchema = z.object({
  id: z.string(),
  external_ref: z.string().describe("The jti used at creation."),
  tracking_id: z.string(),
  flow_id: z.string(),
  status: z.string().describe("Raw status, diagnostic only; may gain values."),
  decision: z.enum(["approved", "rejected", "manual_review", "in_progress", "abandoned"]),
  session_expires_at: z.string().nullable(),
  session_expiry_state: z.enum(["active", "expired", "never"]),
  phone: z.string().optional(),
  email: z.string().optional(),
  identifier: z.string().optional(),
  full_name: z.string().optional(),
  verification_session_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const applicationResponse = z.object({ ok: z.literal(true), application: applicationSchema });

export const riskListSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.enum(["phone", "email", "identifier"]),
  is_active: z.boolean(),
  entry_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const riskListResponse = z.object({ ok: z.literal(true), list: riskListSchema });

export const entrySchema = z.object({
  id: z.string(),
  value: z.string().describe("Normalized form as stored."),
  comment: z.string(),
  created_at: z.string(),
});

export const entryResponse = z.object({ ok: z.literal(true), entry: entrySchema });

export const okResponse = z.object({ ok: z.literal(true) });

export const listParams = z.object({ list_id: z.string() });
export const entryParams = z.object({ list_id: z.string(), entry_id: z.string() });
