// DATABASE_VALIDATION's request fields: the values the applicant confirmed (the session's last completed
// CONFIRM_DETAILS node) or, without one, what the latest earlier ID_VERIFICATION read from the document.
// Names the document gives in parts are joined into full_name; every kind of document number is
// document_number; a Devanagari value's transliteration goes beside it as `<field>_latin`.
import type { DocumentExtractResult } from "../../engines/document/document-engine.js";
import { REGISTRY_FIELDS } from "../registry/registry-contract.js";
import { documentNumberOf } from "./compare-documents.js";
import { confirmedDetails } from "./confirm-details.js";
import { originalValues } from "./confirm-details-fields.js";
import type { ModuleContext } from "./module.js";

export interface RegistryIdentity {
  source: "confirm_details" | "document";
  document_type: string | null;
  fields: Record<string, string>;
}

function documentReading(context: ModuleContext): DocumentExtractResult | null {
  const index = context.nodes.findIndex((state) => state.node.id === context.node.id);
  const document = context.nodes
    .slice(0, index)
    .filter((state) => state.node.feature === "ID_VERIFICATION" && state.captures.extraction)
    .at(-1);
  return (document?.captures.extraction as DocumentExtractResult | undefined) ?? null;
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
