// The proof-of-address reader on its own: dates as bills print them (Bikram Sambat in both scripts, OCR'd
// separators), the kind of document from English and Nepali vocabulary, labelled fields and letters, PDFs
// written in visual glyph order, and every kind in both languages read exactly from a text PDF.
import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import { createTesseractOcrEngine } from "../../../src/engines/ocr/tesseract-ocr-engine.js";
import { classifyPoa } from "../../../src/engines/proof-of-address/classify-poa.js";
import { findDates } from "../../../src/engines/proof-of-address/poa-dates.js";
import {
  cleanHolderName,
  extractAddress,
  extractHolderName,
  extractIssueDate,
} from "../../../src/engines/proof-of-address/poa-fields.js";
import {
  logicalDevanagari,
  readProofOfAddress,
} from "../../../src/engines/proof-of-address/read-proof-of-address.js";
import { generatePoaSpecimen, POA_KINDS } from "../../specimens/proof-of-address/generate.js";

const lines = (...texts: string[]) => texts.map((text) => ({ text, confidence: 90 }));

describe("proof-of-address reader", () => {
  const ocr = createTesseractOcrEngine();
  after(() => ocr.close());

  test("dates: day-first, ISO, month names, Bikram Sambat in Devanagari digits and with month names", () => {
    const iso = (text: string) => findDates(text).map((date) => date.iso);
    assert.deepEqual(iso("Bill Date: 15/07/2026"), ["2026-07-15"]);
    assert.deepEqual(iso("2026-07-15"), ["2026-07-15"]);
    assert.deepEqual(iso("15 Jul 2026 and July 16, 2026"), ["2026-07-15", "2026-07-16"]);
    assert.deepEqual(findDates("मिति: २०८३/०७/२५")[0], { iso: "2026-11-11", bs: "2083-07-25", index: 6 });
    assert.equal(findDates("२०८३ कार्तिक २५")[0]?.bs, "2083-07-25");
    assert.equal(findDates("२०८३|०७[२५")[0]?.iso, "2026-11-11", "separators misread on a photo");
    assert.deepEqual(iso("31/02/2026 2083/13/01"), [], "impossible dates are not dates");
    assert.deepEqual(
      iso("मिति: २००३/०६/२२"),
      [],
      "Devanagari digits date in Bikram Sambat: 2003 is a misread 2083",
    );
  });

  test("kinds from English and Nepali vocabulary; nothing known is unknown", () => {
    assert.equal(classifyPoa("Electricity Bill\nUnits Consumed (kWh)\nMeter No").type, "utility_bill");
    assert.equal(classifyPoa("खाता विवरण\nबैंक\nअन्तिम मौज्दात").type, "bank_statement");
    assert.equal(classifyPoa("Postpaid Mobile Bill\nSagarmatha Telecom\nData Usage").type, "telecom_bill");
    assert.equal(classifyPoa("नेपाल सरकार\nआन्तरिक राजस्व विभाग\nकरदाता").type, "government_letter");
    assert.equal(classifyPoa("घरभाडा सम्झौता\nघरधनी\nमासिक भाडा").type, "tenancy_agreement");
    assert.equal(classifyPoa("Hello world\nthis is a note").type, "unknown");
  });

  test("fields: labels in either language, a second column, a two-line address, letters, due dates skipped", () => {
    const bill = lines(
      "Customer Name:  Ram Bahadur Shrestha    Consumer No.: 123.45",
      "Service Address:  Kathmandu Metropolitan City-10,",
      "Kathmandu, Nepal",
      "Due Date:  05/08/2026",
      "Bill Date:  15/07/2026",
    );
    assert.equal(extractHolderName(bill)?.value, "Ram Bahadur Shrestha");
    assert.equal(extractAddress(bill)?.value, "Kathmandu Metropolitan City-10, Kathmandu, Nepal");
    assert.equal(extractIssueDate(bill, "2026-08-01")?.iso, "2026-07-15");
    const letter = lines("मिति: २०८३/०७/२५", "श्री सीता गुरुङ", "ठेगाना: पोखरा महानगरपालिका-५, लेकसाइड");
    assert.equal(extractHolderName(letter)?.value, "सीता गुरुङ");
    assert.equal(extractAddress(letter)?.value, "पोखरा महानगरपालिका-५, लेकसाइड");
    const period = lines("Statement Period:  01/06/2026 to 30/06/2026");
    assert.deepEqual(extractIssueDate(period, "2026-08-01")?.basis, "period_end");
    assert.equal(cleanHolderName("Mr. Hari Thapa,"), "Hari Thapa");
    assert.equal(cleanHolderName("d above is registered with the Inland Revenue Department."), null);
  });

  test("a PDF in visual glyph order is put back in logical order", () => {
    assert.deepEqual(logicalDevanagari(["िमित: २०८३", "सिरता गुरुङ"]), ["मिति: २०८३", "सरिता गुरुङ"]);
    assert.deepEqual(logicalDevanagari(["सरिता गुरुङ"]), ["सरिता गुरुङ"], "logical text is left alone");
  });

  for (const language of ["en", "ne"] as const) {
    test(`every kind in ${language} reads exactly from a text PDF`, async () => {
      for (const [index, kind] of POA_KINDS.entries()) {
        const specimen = await generatePoaSpecimen(900 + index, { kind, language, format: "pdf_text" });
        const reading = await readProofOfAddress(specimen.bytes, specimen.mime, { ocr, maxPages: 5 });
        assert.equal(reading.source, "pdf_text");
        assert.equal(reading.document_type, kind);
        assert.equal(reading.issue_date, specimen.truth.issueDate, kind);
        assert.equal(reading.issue_date_bs, specimen.truth.issueDateBs, kind);
        assert.ok(reading.holder_name, kind);
        assert.ok(reading.preview && reading.preview.length > 1000, "a rendered first page");
        assert.equal(reading.screenshot, false);
      }
    });
  }
});
