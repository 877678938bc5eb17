// Reads a proof of address (a utility, bank or telecom bill, a tax or government letter, a tenancy
// agreement) from an image or a PDF: the text layer of text PDFs, OCR (English, then Nepali where the
// English pass leaves fields unread) for images and scanned pages; classified and read into the holder's
// name, the address and the issue date. Screenshots of a screen are flagged (images only).
import { AppError } from "../../platform/errors.js";
import { transliterateNepali } from "../document/transliterate-nepali.js";
import type { OcrEngine, OcrLanguage } from "../ocr/ocr-engine.js";
import { prepareDocumentImage } from "../ocr/preprocess.js";
import { classifyPoa, type PoaType } from "./classify-poa.js";
import { openPdf, SCANNED_PAGE_TEXT } from "./pdf-pages.js";
import {
  extractAddress,
  extractHolderName,
  extractIssueDate,
  type FieldValue,
  type IssueDate,
  type PoaLine,
} from "./poa-fields.js";
import { checkScreenshot } from "./screenshot-check.js";

export type PoaFileType = "application/pdf" | "image/jpeg" | "image/png";

export interface PoaReading {
  /** pdf_text: read from the PDF's text layer; pdf_scan: a PDF with image pages OCR'd; image: OCR'd photo. */
  source: "pdf_text" | "pdf_scan" | "image";
  page_count: number;
  document_type: PoaType | "unknown";
  /** 0..1, the winning type's share of the keyword evidence. */
  type_confidence: number;
  /** Scripts the fields were read in. */
  language: "en" | "ne" | "mixed";
  holder_name: string | null;
  /** Latin rendering of a Devanagari holder name. */
  holder_name_latin: string | null;
  address: string | null;
  issue_date: string | null;
  /** As printed, when the document is dated in Bikram Sambat. */
  issue_date_bs: string | null;
  issue_date_basis: IssueDate["basis"] | null;
  /** 0..1: fields found, weighted by how sure the text under them was. */
  confidence: number;
  screenshot: boolean;
  screenshot_signals: string[];
  /** Rendered pages of a PDF kept as evidence (PNG), first page only; not serialised. */
  preview?: Buffer;
}

export interface ReadOptions {
  ocr: OcrEngine;
  /** Pages read from a PDF; more is refused (422 poa_too_many_pages). */
  maxPages: number;
  /** ISO date dates are judged against (tests fix it). */
  today?: string;
}

const DEVANAGARI = /[\u0900-\u097f]/u;
const CONSONANT = "[\\u0915-\\u0939\\u0958-\\u095f]\\u093c?";
const VISUAL_I = new RegExp(`\\u093f((?:${CONSONANT}\\u094d)*${CONSONANT})`, "gu");

/**
 * PDFs written with visual glyph order put the short-i sign before its consonant ("िमित" for "मिति"). A
 * document where the sign starts a word somewhere was written that way (in logical order it always
 * follows a consonant): then every sign moves after the consonant cluster it precedes, on every line.
 */
export function logicalDevanagari(lines: readonly string[]): string[] {
  if (!lines.some((line) => /(?:^|[\s:(,-])\u093f/u.test(line))) return [...lines];
  return lines.map((line) => line.replace(VISUAL_I, "$1\u093f"));
}

async function ocrLines(ocr: OcrEngine, png: Buffer, lang: OcrLanguage): Promise<PoaLine[]> {
  // One uniform block: a form's label and value columns come back as one row ("Name:      Ram Thapa"),
  // where automatic segmentation reads each column as its own block.
  const page = await ocr.recognize(png, { lang, psm: "block" });
  return page.lines
    .map((line) => ({
      text: line.text.replace(/\s+$/u, "").replace(/[ \t]{3,}/g, "  "),
      confidence: line.confidence,
    }))
    .filter((line) => line.text.trim().length > 0);
}

interface Fields {
  name: FieldValue | null;
  address: FieldValue | null;
  date: IssueDate | null;
}

function readFields(lines: PoaLine[], today: string): Fields {
  return {
    name: extractHolderName(lines),
    address: extractAddress(lines),
    date: extractIssueDate(lines, today),
  };
}

const complete = (fields: Fields) => fields.name !== null && fields.address !== null && fields.date !== null;

/** OCR of page images: English first, Nepali when English leaves a field unread. */
async function readImages(pages: Buffer[], ocr: OcrEngine, today: string) {
  const prepared = await Promise.all(
    pages.map(async (page) => (await prepareDocumentImage(page, 2000)).png()),
  );
  const english: PoaLine[] = [];
  for (const png of prepared) english.push(...(await ocrLines(ocr, png, "eng")));
  let fields = readFields(english, today);
  let lines = english;
  if (!complete(fields) || classifyPoa(english.map((l) => l.text).join("\n")).type === "unknown") {
    const nepali: PoaLine[] = [];
    for (const png of prepared) nepali.push(...(await ocrLines(ocr, png, "nep")));
    const fromNepali = readFields(nepali, today);
    fields = {
      name: fields.name ?? fromNepali.name,
      address: fields.address ?? fromNepali.address,
      date: fields.date ?? fromNepali.date,
    };
    lines = [...english, ...nepali];
  }
  return { lines, fields };
}

function weigh(fields: Fields, typeKnown: boolean): number {
  const parts = [fields.name, fields.address, fields.date].map((field) =>
    field ? field.confidence / 100 : 0,
  );
  const found = parts.reduce((sum, value) => sum + value, 0) / parts.length;
  return Math.round(found * (typeKnown ? 1 : 0.7) * 100) / 100;
}

export async function readProofOfAddress(
  bytes: Buffer,
  fileType: PoaFileType,
  options: ReadOptions,
): Promise<PoaReading> {
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  let source: PoaReading["source"] = "image";
  let pageCount = 1;
  let lines: PoaLine[];
  let fields: Fields;
  let screenshot = { screenshot: false, signals: [] as string[] };
  let preview: Buffer | undefined;

  if (fileType === "application/pdf") {
    const pdf = await openPdf(bytes, options.maxPages);
    try {
      pageCount = pdf.pageCount;
      const scanned = pdf.pages.filter((page) => page.textLength < SCANNED_PAGE_TEXT).map((p) => p.number);
      const textLines: PoaLine[] = logicalDevanagari(
        pdf.pages.filter((page) => page.textLength >= SCANNED_PAGE_TEXT).flatMap((page) => page.lines),
      ).map((text) => ({ text, confidence: 96 }));
      preview = await pdf.render(1, 1.5);
      fields = readFields(textLines, today);
      lines = textLines;
      source = "pdf_text";
      if (scanned.length > 0 && (!complete(fields) || textLines.length === 0)) {
        // Scanned pages at ~150 dpi (A4 renders 1240 px wide), OCR'd like a photo.
        const rendered: Buffer[] = [];
        for (const number of scanned) rendered.push(await pdf.render(number, 2.1));
        const read = await readImages(rendered, options.ocr, today);
        fields = {
          name: fields.name ?? read.fields.name,
          address: fields.address ?? read.fields.address,
          date: fields.date ?? read.fields.date,
        };
        lines = [...textLines, ...read.lines];
        source = textLines.length === 0 ? "pdf_scan" : "pdf_text";
      }
    } finally {
      await pdf.close();
    }
  } else {
    screenshot = await checkScreenshot(bytes, options.ocr);
    const read = await readImages([bytes], options.ocr, today);
    lines = read.lines;
    fields = read.fields;
  }

  const text = lines.map((line) => line.text).join("\n");
  if (text.replace(/[^\p{L}\p{N}]/gu, "").length < 20) {
    throw new AppError("unprocessable", {
      field: "file",
      detail: "poa_unreadable",
      message: "No text could be read from the document.",
    });
  }
  const classification = classifyPoa(text);
  const name = fields.name?.value ?? null;
  const devanagariName = name !== null && DEVANAGARI.test(name);
  const scripts = [name, fields.address?.value].filter((v): v is string => Boolean(v));
  const nepali = scripts.filter((value) => DEVANAGARI.test(value)).length;
  return {
    source,
    page_count: pageCount,
    document_type: classification.type,
    type_confidence: classification.confidence,
    language: nepali === 0 ? "en" : nepali === scripts.length ? "ne" : "mixed",
    holder_name: name,
    holder_name_latin: devanagariName ? transliterateNepali(name) : null,
    address: fields.address?.value ?? null,
    issue_date: fields.date?.iso ?? null,
    issue_date_bs: fields.date?.bs ?? null,
    issue_date_basis: fields.date?.basis ?? null,
    confidence: weigh(fields, classification.type !== "unknown"),
    screenshot: screenshot.screenshot,
    screenshot_signals: screenshot.signals,
    ...(preview ? { preview } : {}),
  };
}
