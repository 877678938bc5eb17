// The PDF report states who was verified: the document check's name, birth date, type and number first,
// then what the applicant confirmed for AML screening, then the session's prefill, field by field.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { NodeResult } from "../../src/verify/modules/module.js";
import { reportIdentity } from "../../src/verify/sessions/report-identity.js";

function result(data: Record<string, unknown>): NodeResult {
  return { node_id: "n", status: "approved", score: null, warnings: [], data };
}

test("a passport's MRZ names, birth date, type and number come from the latest document check", () => {
  const identity = reportIdentity(
    [
      { feature: "ID_VERIFICATION", result: null },
      {
        feature: "ID_VERIFICATION",
        result: result({
          document_type: "passport",
          document_id: "PA7513252",
          fields: { given_names: "RAM", surname: "KHADKA", date_of_birth: "1980-03-16" },
        }),
      },
    ],
    { full_name: "Someone Else", date_of_birth: "1999-01-01" },
  );
  assert.deepEqual(identity, {
    name: "RAM KHADKA",
    dateOfBirth: "1980-03-16",
    documentType: "passport",
    documentNumber: "PA7513252",
  });
});

test("without a document, the AML details the applicant confirmed, then the prefill, fill each field", () => {
  const identity = reportIdentity(
    [
      {
        feature: "AML_SCREENING",
        result: result({ screened: { full_name: "Sita Sharma", date_of_birth: null } }),
      },
    ],
    { first_name: "S", last_name: "Sharma", date_of_birth: "1991-02-03" },
  );
  assert.deepEqual(identity, {
    name: "Sita Sharma",
    dateOfBirth: "1991-02-03",
    documentType: null,
    documentNumber: null,
  });
  assert.equal(reportIdentity([], {}).name, null);
});
