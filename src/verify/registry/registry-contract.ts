// The DATABASE_VALIDATION connector contract: what the service POSTs to a tenant's registry endpoint and what
// it expects back. One request per node; the same `request_id` on every retry (receivers dedupe on it).
//
// Request (JSON, signed: `X-Registry-Signature: t=<unix s>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`,
// the webhook layout, with the connector's own secret; `X-Registry-Request-Id` repeats request_id):
//   {request_id, session_id, node_id, connector, document_type, source: confirm_details|document,
//    fields: {full_name?, date_of_birth?, document_number?, …, "<field>_latin"?}}
// Response (2xx JSON):
//   {record_found: boolean, record_reference: string|null,
//    fields: {<field>: "exact"|"fuzzy"|"mismatch"|"unavailable"}}
// A field the response does not name counts as `unavailable`.
import { z } from "zod";

export const FIELD_MATCHES = ["exact", "fuzzy", "mismatch", "unavailable"] as const;
export type FieldMatch = (typeof FIELD_MATCHES)[number];

/** The identity fields a node may send (the document engine's keys; CONFIRM_DETAILS corrections win). */
export const REGISTRY_FIELDS = [
  "full_name",
  "date_of_birth",
  "document_number",
  "sex",
  "nationality",
  "father_name",
  "mother_name",
  "birth_district",
  "permanent_district",
  "issuing_district",
  "issue_date",
  "expiry_date",
] as const;
export type RegistryField = (typeof REGISTRY_FIELDS)[number];

export interface RegistryRequest {
  request_id: string;
  session_id: string;
  node_id: string;
  connector: string;
  document_type: string | null;
  source: "confirm_details" | "document";
  fields: Record<string, string>;
}

export const registryResponseSchema = z.object({
  record_found: z.boolean(),
  record_reference: z.string().max(200).nullable().optional(),
  fields: z.record(z.string(), z.enum(FIELD_MATCHES)).default({}),
});
export type RegistryResponse = z.infer<typeof registryResponseSchema>;
