// The name a proof of address is compared with: the identity the session established before the
// PROOF_OF_ADDRESS node — the details the applicant confirmed (CONFIRM_DETAILS), else the identity
// document's reading (ID_VERIFICATION), else the name AML_SCREENING asked for. Compared with the AML
// name comparison (token alignment, Devanagari transliterated), once as written and once with Nepali
// spelling variants folded (Laxmi / Lakshmi, Bishnu / Vishnu).
import { compareNames } from "../../engines/aml/index.js";
import { transliterateNepali } from "../../engines/document/transliterate-nepali.js";
import { confirmedDetails } from "./confirm-details.js";
import type { ModuleContext, NodeState } from "./module.js";

export interface IdentityName {
  /** Every written form of the name the identity carries (Devanagari and Latin). */
  names: string[];
  source: "confirmed_details" | "document" | "applicant";
}

const text = (value: unknown): string | null =>
  typeof value === "string" && value.trim() ? value.trim() : null;

function namesOf(fields: Record<string, unknown>): string[] {
  const parts = [text(fields.given_names), text(fields.surname)].filter(Boolean).join(" ");
  return [text(fields.full_name), text(fields.full_name_latin), parts || null].filter(
    (name): name is string => name !== null,
  );
}

export function identityName(context: ModuleContext): IdentityName | null {
  const index = context.nodes.findIndex((state) => state.node.id === context.node.id);
  const before: NodeState[] = context.nodes.slice(0, index);
  const confirmed = confirmedDetails(before);
  if (confirmed && namesOf(confirmed).length > 0) {
    return { names: namesOf(confirmed), source: "confirmed_details" };
  }
  const document = before.filter((state) => state.node.feature === "ID_VERIFICATION" && state.result).at(-1);
  const fields = (document?.result?.data.fields ?? {}) as Record<string, unknown>;
  if (namesOf(fields).length > 0) return { names: namesOf(fields), source: "document" };
  const aml = before.filter((state) => state.node.feature === "AML_SCREENING").at(-1);
  const applicant = text(aml?.captures.full_name);
  return applicant ? { names: [applicant], source: "applicant" } : null;
}

const HONORIFIC = /^(?:(?:mr|mrs|ms|miss|dr|shri|shree|smt)\.?\s+|(?:श्रीमती|सुश्री|श्री)\s*)+/iu;

/** Latin spellings Nepali names take interchangeably, folded to one. */
function foldSpelling(name: string): string {
  const latin = /[\u0900-\u097f]/u.test(name) ? transliterateNepali(name) : name;
  return latin
    .toLowerCase()
    .replace(/ksh|ks|x/g, "x")
    .replace(/\bv/g, "b")
    .replace(/chh/g, "ch")
    .replace(/aa/g, "a")
    .replace(/ee/g, "i")
    .replace(/oo/g, "u");
}

/** Best similarity 0..1 between any written form of the bill's name and any of the identity's. */
export function nameMatchScore(billNames: readonly string[], identity: readonly string[]): number {
  let best = 0;
  for (const raw of billNames) {
    const bill = raw.replace(HONORIFIC, "");
    for (const known of identity) {
      best = Math.max(
        best,
        compareNames(bill, known).score,
        compareNames(foldSpelling(bill), foldSpelling(known)).score,
      );
    }
  }
  return Math.round(best * 1000) / 1000;
}
