// Who a session verified, for the PDF report: read from the latest document check (name, date of birth,
// document type and number), else the details the applicant confirmed for AML screening, else the session's
// prefill. Each field falls back on its own, so a document without a birth date still shows the prefill's.
import type { NodeResult } from "../modules/module.js";

export interface ReportIdentity {
  name: string | null;
  dateOfBirth: string | null;
  documentType: string | null;
  documentNumber: string | null;
}

interface NodeWithResult {
  feature: string;
  result: NodeResult | null;
}

function text(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}

function nameOf(fields: Record<string, unknown>): string | null {
  return (
    text(fields.full_name) ??
    ([text(fields.first_name) ?? text(fields.given_names), text(fields.last_name) ?? text(fields.surname)]
      .filter(Boolean)
      .join(" ") ||
      null)
  );
}

export function reportIdentity(nodes: NodeWithResult[], prefill: Record<string, unknown>): ReportIdentity {
  const document = nodes.filter((node) => node.feature === "ID_VERIFICATION" && node.result).at(-1)
    ?.result?.data;
  const fields = (document?.fields ?? {}) as Record<string, unknown>;
  const screened = (nodes.filter((node) => node.feature === "AML_SCREENING" && node.result).at(-1)?.result
    ?.data.screened ?? {}) as Record<string, unknown>;
  return {
    name: nameOf(fields) ?? nameOf(screened) ?? nameOf(prefill),
    dateOfBirth: text(fields.date_of_birth) ?? text(screened.date_of_birth) ?? text(prefill.date_of_birth),
    documentType: text(document?.document_type),
    documentNumber: text(document?.document_id),
  };
}
