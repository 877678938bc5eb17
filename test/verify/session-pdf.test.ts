// GET /v3/session/{session_id}/generate-pdf (spec): a binary application/pdf attachment. The report is
// rendered by poppler when it is installed (CI installs it); the structure is parsed in every case.
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { inflateSync } from "node:zlib";
import sharp from "sharp";
import { runOperatorCommand } from "../../src/composition/operator-commands.js";
import { createTestApp, type TestApp, type TestTenant } from "../support/test-app.js";
import {
  completeQuestionnaire,
  createSessionOver,
  pngBase64,
  questionnaireWorkflow,
} from "./session-fixtures.js";

const HAS_POPPLER = spawnSync("pdftoppm", ["-v"]).error === undefined;
const ARTIFACTS = join(process.cwd(), "test-artifacts");

/** Text drawn by pdfkit: hex strings inside TJ arrays of the (deflated) content streams. */
function pdfTextRuns(pdf: Buffer): string[] {
  const runs: string[] = [];
  const source = pdf.toString("latin1");
  const streams = /stream\r?\n/g;
  for (let match = streams.exec(source); match; match = streams.exec(source)) {
    const start = match.index + match[0].length;
    const end = source.indexOf("endstream", start);
    const header = source.slice(Math.max(0, match.index - 300), match.index);
    let content = pdf.subarray(start, end);
    if (/FlateDecode/.test(header.slice(header.lastIndexOf("<<")))) {
      try {
        content = inflateSync(content);
      } catch {
        continue;
      }
    }
    for (const array of content.toString("latin1").matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hex = [...array[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((part) => part[1]).join("");
      runs.push(Buffer.from(hex, "hex").toString("latin1"));
    }
  }
  return runs;
}

describe("session PDF report", () => {
  let t: TestApp;
  let tenant: TestTenant;
  let sessionId: string;

  before(async () => {
    t = await createTestApp();
    tenant = await t.tenant();
    const workflowId = await questionnaireWorkflow(t, tenant);
    const session = await createSessionOver(t, tenant, {
      workflow_id: workflowId,
      vendor_data: "user-pdf",
      prefill: { full_name: "राम बहादुर थापा", date_of_birth: "1990-04-12" },
      reference: { face_image: await pngBase64() },
    });
    sessionId = session.id;
    assert.equal(await completeQuestionnaire(t, session.token), "approved");
    // Held for review by an operator, then resolved from the CLI: the report shows the review.
    await t.app.inject({
      method: "PATCH",
      url: `/v3/session/${sessionId}/update-status/`,
      headers: tenant.headers,
      payload: { status: "in_review" },
    });
    await runOperatorCommand(t.services, [
      "review",
      "resolve",
      tenant.tenant_id,
      sessionId,
      "approved",
      "--reason",
      "documents checked",
    ]);
    await t.app.inject({
      method: "POST",
      url: `/v3/session/${sessionId}/tags/`,
      headers: tenant.headers,
      payload: { tag: "vip" },
    });
  });
  after(() => t.close());

  test("the report is a PDF attachment with a filename", async () => {
    const response = await t.app.inject({
      url: `/v3/session/${sessionId}/generate-pdf`,
      headers: tenant.headers,
    });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.headers["content-type"], "application/pdf");
    assert.equal(
      response.headers["content-disposition"],
      `attachment; filename="verification-${sessionId}.pdf"`,
    );
    const pdf = response.rawPayload;
    assert.equal(pdf.subarray(0, 5).toString("latin1"), "%PDF-");
    assert.match(pdf.subarray(-8).toString("latin1"), /%%EOF/);
    const pages = pdf.toString("latin1").match(/\/Type \/Page\b/g) ?? [];
    assert.ok(pages.length >= 1, "at least one page");
    const text = pdfTextRuns(pdf).join("\n");
    assert.match(text, /Outcome: APPROVED/);
    assert.match(text, /questions/);
    assert.match(text, /documents checked/);
    assert.match(text, /vip/);
    // Who was verified: without a document check, the prefill's birth date; no document is named.
    assert.match(text, /Date of birth/);
    assert.match(text, /1990-04-12/);
    assert.match(text, /Document number/);
    // The evidence thumbnail is embedded as an image XObject.
    assert.match(pdf.toString("latin1"), /\/Subtype \/Image/);
  });

  test("the report renders, with the Devanagari font embedded for Nepali text", async (ctx) => {
    const response = await t.app.inject({
      url: `/v3/session/${sessionId}/generate-pdf`,
      headers: tenant.headers,
    });
    mkdirSync(ARTIFACTS, { recursive: true });
    const file = join(ARTIFACTS, "session-report.pdf");
    writeFileSync(file, response.rawPayload);
    if (!HAS_POPPLER) {
      // The structural test above still ran; say loudly that rendering was not checked here.
      ctx.diagnostic("pdftoppm not installed: rendering not checked (apt-get install poppler-utils)");
      return;
    }
    execFileSync("pdftoppm", [
      "-png",
      "-r",
      "60",
      "-f",
      "1",
      "-l",
      "1",
      "-singlefile",
      file,
      join(ARTIFACTS, "session-report"),
    ]);
    const stats = await sharp(join(ARTIFACTS, "session-report.png")).stats();
    // Not a blank page: the outcome banner and text make some channels vary widely.
    assert.ok(
      stats.channels.some((channel) => channel.stdev > 20),
      "page 1 has visible content",
    );
    const text = execFileSync("pdftotext", ["-layout", file, "-"]).toString("utf8");
    assert.match(text, /Identity verification report/);
    assert.match(text, /Outcome: APPROVED/);
    assert.match(text, /operator: approved \(documents checked\)/);
    const fonts = execFileSync("pdffonts", [file]).toString("utf8");
    assert.match(fonts, /NotoSansDevanagari/);
    assert.match(fonts, /Helvetica/);
  });

  test("another tenant's session and a missing id answer 404", async () => {
    const other = await t.tenant();
    const foreign = await t.app.inject({
      url: `/v3/session/${sessionId}/generate-pdf`,
      headers: other.headers,
    });
    assert.equal(foreign.statusCode, 404);
    assert.deepEqual(foreign.json(), { detail: "Session not found." });
  });
});
