import { REGISTRY_FIELDS } from "../registry/registry-contract.js";
import { documentNumberOf } from "./compare-documents.js";
import { confirmedDetails } from "./confirm-details.js";
import { originalValues } from "./confirm-details-fields.js";
import type { ModuleContext } from "./module.js";
import { documentReading } from "./session-evidence.js";

export interface RegistryIdentity {
  source: "confirm_details" | "document";
  document_type: string | null;
  fields: Record<string, string>;
}

const value = (text: string | undefined) => (text?.trim() ? text.trim() : undefined);

/** Null when neither a confirmation nor a document reading exists (nothing to validate). */
export function registryIdentity(context: ModuleContext, wanted: readonly string[]): RegistryIdentity | null {
  const reading = documentReading(context);
  const index = context.nodes.findIndex((state) => state.node.id === context.node.id);
  const confirmed = confirmedDetails(context.nodes.slice(0, index));
  const values = confirmed ?? (reading ? originalValues(reading) : null);
  if (!values) return null;
  const canonical: Record<string, string | undefined> = {
    ...values,
    full_name:
      value(values.full_name) ??
      (value([values.given_names, values.surname].filter(Boolean).join(" ")) || undefined),
    full_name_latin:
      value(values.full_name_latin) ??
      (value([values.given_names_latin, values.surname_latin].filter(Boolean).join(" ")) || undefined),
    document_number: value(documentNumberOf(values) ?? undefined),
    date_of_birth: value(values.date_of_birth),
  };
  const fields: Record<string, string> = {};
  for (const field of wanted) {
    if (!(REGISTRY_FIELDS as readonly string[]).includes(field)) continue;
    const plain = value(canonical[field]);
    if (plain) fields[field] = plain;
    const latin = value(canonical[`${field}_latin`]);
    if (latin && latin !== plain) fields[`${field}_latin`] = latin;
  }
  return {
    source: confirmed ? "confirm_details" : "document",
    document_type: reading?.detected_type ?? null,
    fields,
  };
}
