// PROOF_OF_ADDRESS through the applicant API on the real reader (pdfjs, tesseract eng + nep) with generated
// bills: a text PDF and a Nepali scan are read and matched to the identity's name (Devanagari against Latin
// too), an old bill and another person's bill are declined, and screenshots, unreadable files, the wrong
// kind of document, too many pages and other file types are refused at submit for another upload.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import PDFDocument from "pdfkit";
import sharp from "sharp";
import { parseWorkflowDefinition } from "../../../src/verify/workflows/parse-workflow.js";
import { createWorkflow } from "../../../src/verify/workflows/workflows.js";
import { drawCitizenship } from "../../specimens/documents/citizenship.js";
import { createPerson } from "../../specimens/documents/people.js";
import { generatePoaSpecimen, type PoaSpecimen } from "../../specimens/proof-of-address/generate.js";
import { createRandom } from "../../specimens/seeded-random.js";
import { createTestApp, type TestApp, type TestTenant } from "../../support/test-app.js";

const FACES = new URL("../../../../shared/data/faces/deepface/", import.meta.url).pathname;

interface Detail {
  status: string;
  // biome-ignore lint/suspicious/noExplicitAny: read-back JSON, asserted field by field
  decision_v3: Record<string, any>;
}

const base64 = (specimen: PoaSpecimen) => `data:${specimen.mime};base64,${specimen.bytes.toString("base64")}`;

async function twoPagePdf(): Promise<Buffer> {
  const doc = new PDFDocument({ size: "A4" });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => doc.on("end", () => resolve()));
  doc.text("Statement of Account, page 1");
  doc.addPage().text("Statement of Account, page 2");
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

describe("PROOF_OF_ADDRESS", () => {
  let t: TestApp;
  let tenant: TestTenant;
  let named: string;
  let onePage: string;
  let banksOnly: string;
  let withCitizenship: string;

  before(async () => {
    t = await createTestApp();
    tenant = await t.tenant({ features: "all" });
    const db = t.services.db;
    const aml = { id: "aml", feature: "AML_SCREENING" };
    const poa = (config: Record<string, unknown> = {}) => ({
      id: "poa",
      feature: "PROOF_OF_ADDRESS",
      config,
    });
    named = (await createWorkflow(db, tenant.tenant_id, { name: "PoA", nodes: [aml, poa()] })).id;
    onePage = (
      await createWorkflow(db, tenant.tenant_id, { name: "1 page", nodes: [aml, poa({ max_pages: 1 })] })
    ).id;
    banksOnly = (
      await createWorkflow(db, tenant.tenant_id, {
        name: "Banks",
        nodes: [aml, poa({ accepted_types: ["bank_statement"] })],
      })
    ).id;
    withCitizenship = (
      await createWorkflow(db, tenant.tenant_id, {
        name: "Citizenship + PoA",
        nodes: [{ id: "document", feature: "ID_VERIFICATION" }, poa()],
      })
    ).id;
  });
  after(() => t?.close());

  const step = (token: string, node: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url: `/flow-api/${token}/steps/${node}`, payload });

  /** A session at its PoA step, the identity's name given on the AML step. */
  async function atPoa(workflowId: string, fullName: string) {
    const created = await t.app.inject({
      method: "POST",
      url: "/v3/session/",
      headers: tenant.headers,
      payload: { workflow_id: workflowId },
    });
    assert.equal(created.statusCode, 201, created.body);
    const session = created.json();
    const token = session.url.split("/verify/")[1] as string;
    await t.app.inject({ url: `/flow-api/${token}/state` });
    const named = await step(token, "aml", { full_name: fullName });
    assert.equal(named.statusCode, 200, named.body);
    const current = named.json().current_step;
    assert.equal(current.node_id, "poa");
    return { id: session.id as string, token, config: current.config };
  }

  async function finish(session: { id: string; token: string }) {
    const finished = await t.app.inject({ method: "POST", url: `/flow-api/${session.token}/finish` });
    assert.equal(finished.statusCode, 200, finished.body);
    const detail = await t.app.inject({ url: `/v3/session/${session.id}/`, headers: tenant.headers });
    return detail.json() as Detail;
  }

  test("config is validated strictly, with documented defaults", () => {
    const define = (config: unknown) => () =>
      parseWorkflowDefinition({ name: "x", nodes: [{ feature: "PROOF_OF_ADDRESS", config }] });
    assert.throws(define({ max_age_days: 0 }), { code: "invalid_workflow" });
    assert.throws(define({ accepted_types: ["passport"] }), { code: "invalid_workflow" });
    assert.throws(define({ maximum_age: 30 }), { code: "invalid_workflow" });
    const parsed = parseWorkflowDefinition({ name: "x", nodes: [{ feature: "PROOF_OF_ADDRESS" }] });
    assert.deepEqual(parsed.nodes[0]!.config, {
      max_age_days: 90,
      accepted_types: [
        "utility_bill",
        "bank_statement",
        "telecom_bill",
        "government_letter",
        "tenancy_agreement",
      ],
      name_match_threshold: 0.8,
      on_name_mismatch: "declined",
      min_confidence: 0.5,
      max_pages: 5,
    });
  });

  test("a recent text-PDF bill in the applicant's name is approved; the file is served from /v3/media", async () => {
    const bill = await generatePoaSpecimen(101, {
      kind: "utility_bill",
      language: "en",
      format: "pdf_text",
      ageDays: 12,
    });
    const session = await atPoa(named, bill.truth.nameLatin);
    assert.equal(session.config.max_age_days, 90);
    assert.deepEqual(session.config.file_types, ["application/pdf", "image/jpeg", "image/png"]);
    const sent = await step(session.token, "poa", { file: base64(bill), source: "upload" });
    assert.equal(sent.statusCode, 200, sent.body);
    const detail = await finish(session);
    const [entry] = detail.decision_v3.poa_verifications;
    assert.equal(entry.node_id, "poa");
    assert.equal(entry.status, "approved", JSON.stringify(entry));
    assert.deepEqual(entry.warnings, []);
    assert.equal(entry.data.document_type, "utility_bill");
    assert.equal(entry.data.source, "pdf_text");
    assert.equal(entry.data.holder_name, bill.truth.name);
    assert.equal(entry.data.issue_date, bill.truth.issueDate);
    assert.equal(entry.data.age_days, 12);
    assert.equal(entry.data.name_match.matched, true);
    assert.equal(entry.data.name_match.source, "applicant");
    assert.ok(entry.score >= 80);
    assert.match(entry.data.address, /Nepal|City|Municipality/);
    assert.equal(entry.data.file_type, "application/pdf");
    const file = await t.app.inject({ url: new URL(entry.data.file_url).pathname, headers: tenant.headers });
    assert.equal(file.statusCode, 200);
    assert.equal(file.headers["content-type"], "application/pdf");
    assert.ok(file.rawPayload.equals(bill.bytes));
    const preview = await t.app.inject({
      url: new URL(entry.data.preview_url).pathname,
      headers: tenant.headers,
    });
    assert.equal(preview.statusCode, 200);
    assert.equal(preview.headers["content-type"], "image/png");
    const other = await t.tenant({ features: "all" });
    const foreign = await t.app.inject({
      url: new URL(entry.data.file_url).pathname,
      headers: other.headers,
    });
    assert.equal(foreign.statusCode, 404);
  });

  test("a scanned Nepali bill (Bikram Sambat, Devanagari name) matches the Latin name typed", async () => {
    const bill = await generatePoaSpecimen(102, {
      kind: "utility_bill",
      language: "ne",
      format: "scan",
      ageDays: 20,
    });
    const session = await atPoa(named, bill.truth.nameLatin);
    const sent = await step(session.token, "poa", { file: base64(bill), source: "camera" });
    assert.equal(sent.statusCode, 200, sent.body);
    const [entry] = (await finish(session)).decision_v3.poa_verifications;
    assert.equal(entry.status, "approved", JSON.stringify(entry));
    assert.equal(entry.data.language, "ne");
    assert.equal(entry.data.holder_name, bill.truth.name);
    assert.equal(entry.data.holder_name_latin.toLowerCase(), bill.truth.nameLatin.toLowerCase());
    assert.equal(entry.data.issue_date_bs, bill.truth.issueDateBs);
    assert.equal(entry.data.issue_date, bill.truth.issueDate);
    assert.equal(entry.data.file_type, "image/jpeg");
  });

  test("a bill older than max_age_days is declined poa_too_old", async () => {
    const bill = await generatePoaSpecimen(103, {
      kind: "telecom_bill",
      language: "en",
      format: "pdf_text",
      ageDays: 150,
    });
    const session = await atPoa(named, bill.truth.nameLatin);
    assert.equal((await step(session.token, "poa", { file: base64(bill) })).statusCode, 200);
    const detail = await finish(session);
    const [entry] = detail.decision_v3.poa_verifications;
    assert.equal(entry.status, "declined");
    assert.deepEqual(entry.warnings, ["poa_too_old"]);
    assert.equal(entry.data.age_days, 150);
    assert.equal(detail.status, "declined");
  });

  test("another person's statement is declined poa_name_mismatch", async () => {
    const bill = await generatePoaSpecimen(104, {
      kind: "bank_statement",
      language: "en",
      format: "pdf_text",
      ageDays: 8,
      person: {
        ...createPerson(createRandom(1)),
        given: [{ dev: "जोन", latin: "Jonathan" }],
        surname: { dev: "स्मिथ", latin: "Whitaker" },
      },
    });
    const session = await atPoa(named, "Kamala Gurung");
    assert.equal((await step(session.token, "poa", { file: base64(bill) })).statusCode, 200);
    const [entry] = (await finish(session)).decision_v3.poa_verifications;
    assert.equal(entry.status, "declined");
    assert.ok(entry.warnings.includes("poa_name_mismatch"), entry.warnings.join());
    assert.equal(entry.data.name_match.matched, false);
  });

  test("the citizenship certificate's Devanagari name is the identity an English bill is matched with", async () => {
    const random = createRandom(7);
    const citizenship = await (await drawCitizenship(random, `${FACES}img2.jpg`, 7)).canvas.toPng();
    const holder = createPerson(createRandom(7)); // the same first draw drawCitizenship made
    const bill = await generatePoaSpecimen(105, {
      kind: "bank_statement",
      language: "en",
      format: "pdf_text",
      ageDays: 30,
      person: holder,
    });
    const created = await t.app.inject({
      method: "POST",
      url: "/v3/session/",
      headers: tenant.headers,
      payload: { workflow_id: withCitizenship },
    });
    const session = created.json();
    const token = session.url.split("/verify/")[1] as string;
    await t.app.inject({ url: `/flow-api/${token}/state` });
    const document = await step(token, "document", { front_image: citizenship.toString("base64") });
    assert.equal(document.statusCode, 200, document.body);
    assert.equal((await step(token, "poa", { file: base64(bill) })).statusCode, 200);
    const detail = await finish({ id: session.id, token });
    const [entry] = detail.decision_v3.poa_verifications;
    assert.equal(entry.data.name_match.source, "document");
    assert.equal(entry.data.name_match.matched, true, JSON.stringify(entry));
    assert.ok(!entry.warnings.includes("poa_name_mismatch"));
  });

  test("refused at submit: screenshots, other kinds, blank pages, too many pages, other file types, no file", async () => {
    const session = await atPoa(named, "Gita Magar");
    const screenshot = await generatePoaSpecimen(106, {
      kind: "tenancy_agreement",
      language: "en",
      format: "screenshot",
    });
    const refusedShot = await step(session.token, "poa", { file: base64(screenshot) });
    assert.equal(refusedShot.statusCode, 422, refusedShot.body);
    assert.equal(refusedShot.json().detail, "poa_screenshot");

    const blank = await sharp({ create: { width: 900, height: 1200, channels: 3, background: "#ffffff" } })
      .jpeg()
      .toBuffer();
    const unreadable = await step(session.token, "poa", { file: blank.toString("base64") });
    assert.equal(unreadable.statusCode, 422);
    assert.equal(unreadable.json().detail, "poa_unreadable");

    const gif = Buffer.from("R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==", "base64");
    const other = await step(session.token, "poa", { file: gif.toString("base64") });
    assert.equal(other.statusCode, 415);
    assert.equal(other.json().detail, "unsupported_file_type");

    const missing = await step(session.token, "poa", {});
    assert.equal(missing.statusCode, 400);
    assert.equal(missing.json().detail, "file_required");

    const paged = await atPoa(onePage, "Gita Magar");
    const pages = await step(paged.token, "poa", { file: (await twoPagePdf()).toString("base64") });
    assert.equal(pages.statusCode, 422);
    assert.equal(pages.json().detail, "poa_too_many_pages");

    const banks = await atPoa(banksOnly, "Gita Magar");
    const utility = await generatePoaSpecimen(107, {
      kind: "utility_bill",
      language: "en",
      format: "pdf_text",
    });
    const wrongKind = await step(banks.token, "poa", { file: base64(utility) });
    assert.equal(wrongKind.statusCode, 422);
    assert.equal(wrongKind.json().detail, "poa_type_not_accepted");

    // Still the current step: a proper document goes through afterwards.
    const state = await t.app.inject({ url: `/flow-api/${session.token}/state` });
    assert.equal(state.json().current_step.node_id, "poa");
  });
});
