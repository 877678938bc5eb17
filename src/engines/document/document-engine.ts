// DocumentEngine: reads an identity document image into the spec's "Document extract result"
// (spec: Tool result shapes; document-extract) plus stable warning codes and the portrait crop.
import sharp from "sharp";
import { AppError } from "../../platform/errors.js";
import type { OcrEngine, OcrResult } from "../ocr/ocr-engine.js";
import { type PreparedImage, prepareDocumentImage } from "../ocr/preprocess.js";
import { type BusinessDocumentResult, extractBusinessDocument } from "./business-document.js";
import { readAadhaarCard, readDrivingLicence, readPanCard } from "./card-readers.js";
import { readCitizenship } from "./citizenship-reader.js";
import {
  type DetectedType,
  type DocumentTypeHint,
  detectDocumentType,
  looksDevanagariOnly,
  parseDocumentTypeHint,
} from "./document-types.js";
import { GENERIC_EXTRACTION_NOTE, readGeneric } from "./generic-reader.js";
import { type MrzDocumentReading, type MrzSummary, readMrzDocument } from "./mrz-document-reader.js";
import { type LocatedMrz, locateMrz } from "./mrz-locate.js";
import { turnImage, turnPoint } from "./page-orientation.js";
import { type DetectFaces, findPortrait } from "./portrait.js";
import type { FieldReading } from "./reading.js";
import { checkDates, isValidGiven } from "./validity.js";
import { pageHoldsZone, pageToRead } from "./zone-on-page.js";

/** spec: Tool result shapes — Document extract result, plus `warnings` (stable codes). */
export interface DocumentExtractResult {
  fields: Record<string, string>;
  translated_fields: Record<string, string>;
  detected_type: DetectedType;
  /** 0..1 */
  confidence: number;
  is_document_valid: boolean;
  has_portrait: boolean;
  generic_extraction?: true;
  full_text?: string;
  extraction_note?: string;
  /**
   * mrz_checksum_failed, mrz_field_invalid, vz_mrz_mismatch, mrz_not_found, document_expired, date_implausible,
   * number_checksum_failed, under_minimum_age, portrait_not_checked.
   */
  warnings: string[];
  /** Documents with a machine-readable zone: its format, raw lines and per-field check results (extra key). */
  mrz?: MrzSummary;
}

export interface DocumentExtraction {
  result: DocumentExtractResult;
  /** PNG crop of the holder's portrait for FACE_MATCH; never serialised into a response. */
  portrait: Buffer | null;
}

export interface ExtractOptions {
  /** The request's `document_type`, unvalidated: the hint rules are applied here. */
  documentType?: unknown;
  /** Adds under_minimum_age when the holder is younger (a workflow setting). */
  minimumAge?: number;
}

export interface DocumentEngine {
  extract(image: Buffer, options?: ExtractOptions): Promise<DocumentExtraction>;
  extractBusinessDocument(image: Buffer): Promise<BusinessDocumentResult>;
}

export interface DocumentEngineDeps {
  ocr: OcrEngine;
  /** Face detector from the face engine; without it has_portrait is false and portrait_not_checked is warned. */
  detectFaces?: DetectFaces;
  /** Clock for expiry checks (tests pin it). */
  now?: () => Date;
}

/** Document width the page is scaled to before OCR: body text lands near 25–35 px high. */
const PAGE_WIDTH = 1600;

type TemplateType = "passport" | "citizenship" | "pan" | "drivers_license" | "aadhaar";
/** Kinds read through their machine-readable zone. */
const MRZ_TYPES = new Set<DetectedType>(["passport", "id_card", "residence_permit", "visa"]);
/** Hints whose documents never carry an MRZ: no MRZ attempt before their own reader. */
const NON_MRZ_HINTS = new Set<DocumentTypeHint>(["citizenship", "pan", "disability_id"]);
const TEMPLATE_TYPES = new Set<DetectedType>([
  "passport",
  "citizenship",
  "pan",
  "drivers_license",
  "aadhaar",
]);

/** Fewer words than this from tesseract's page layout analysis means it found no text block at all. */
const EMPTY_PAGE_WORDS = 5;

/**
 * The page read with tesseract's layout analysis, or, when that finds no text on a page that holds a
 * document (a card's guilloche and portrait can make it take the whole page for a picture: 4 of 42
 * real-style development captures gave no word at all, though every line was legible), as sparse text:
 * words wherever they stand, in no layout. Only where an MRZ was located: sparse reading finds "words" in
 * a selfie or a blurred photo too, and a capture with no text must stay one (document_not_found,
 * document_unreadable).
 */
export async function readPage(
  ocr: OcrEngine,
  png: Buffer,
  lang: "eng" | "nep",
  holdsDocument: () => Promise<boolean>,
): Promise<OcrResult> {
  const page = await ocr.recognize(png, { lang });
  if (page.words.length >= EMPTY_PAGE_WORDS || !(await holdsDocument())) return page;
  const sparse = await ocr.recognize(png, { lang, psm: "sparse" });
  return sparse.words.length > page.words.length ? sparse : page;
}

/**
 * The page prepared for reading (deskewed, cropped to the document, scaled), prepared again on the whole
 * frame when its document box cuts the located zone (`corners`, zone-on-page.ts).
 */
async function holdingZone(
  image: Buffer,
  prepared: PreparedImage,
  corners?: [number, number][],
  skewDegrees?: number,
): Promise<PreparedImage> {
  if (!corners || pageHoldsZone(prepared, corners)) return prepared;
  return prepareDocumentImage(image, PAGE_WIDTH, { skewDegrees, wholeFrame: true });
}

export function createDocumentEngine(deps: DocumentEngineDeps): DocumentEngine {
  const { ocr } = deps;
  const today = () => (deps.now?.() ?? new Date()).toISOString().slice(0, 10);

  async function readTemplate(
    mrzTried: boolean,
    type: TemplateType,
    pagePng: () => Promise<Buffer>,
    pages: { eng?: OcrResult; nep?: OcrResult },
    loadPage: (lang: "eng" | "nep") => Promise<OcrResult>,
  ): Promise<FieldReading | null> {
    switch (type) {
      case "passport":
        // The MRZ was already looked for (located and on the page) unless the hint ruled it out.
        return mrzTried ? null : readMrzDocument(ocr, null, pagePng, () => loadPage("eng"), today());
      case "citizenship":
        return readCitizenship(pages.nep ?? (await loadPage("nep")));
      case "pan":
        return readPanCard(pages.eng ?? (await loadPage("eng")));
      case "drivers_license":
        return readDrivingLicence(pages.eng ?? (await loadPage("eng")));
      case "aadhaar":
        return readAadhaarCard(pages.eng ?? (await loadPage("eng")));
    }
  }

  async function extract(image: Buffer, options: ExtractOptions = {}): Promise<DocumentExtraction> {
    const hint: DocumentTypeHint | undefined = parseDocumentTypeHint(options.documentType);
    try {
      await sharp(image).metadata();
    } catch (cause) {
      throw new AppError("invalid_image", {
        field: "image_base64",
        message: "The image could not be decoded",
        cause,
      });
    }
    const portraitPromise = findPortrait(image, deps.detectFaces);
    // The MRZ search is plain JavaScript on this thread: it runs while sharp prepares the page.
    const lookForMrz = !hint || !NON_MRZ_HINTS.has(hint);
    const locating: Promise<LocatedMrz | null> = lookForMrz ? locateMrz(image) : Promise.resolve(null);
    const [located, firstPrepared] = await Promise.all([locating, prepareDocumentImage(image, PAGE_WIDTH)]);
    const prepared = await holdingZone(image, firstPrepared, located?.corners);
    const pages: { eng?: OcrResult; nep?: OcrResult } = {};
    // The page is read without a located zone whose strip read it surely (zone-on-page.ts). One English
    // read serves every reader: the first asks how (the MRZ reader, when a zone is looked for; else with it).
    const readEnglish = async (withZone: boolean): Promise<OcrResult> => {
      if (!pages.eng) {
        const png = await pageToRead(prepared, located?.corners, withZone);
        pages.eng = await readPage(ocr, png, "eng", async () => located !== null);
      }
      return pages.eng;
    };
    const loadPage = async (lang: "eng" | "nep"): Promise<OcrResult> => {
      if (lang === "eng") return readEnglish(true);
      pages.nep ??= await readPage(ocr, await prepared.png(), lang, async () => located !== null);
      return pages.nep;
    };

    // Citizenship certificates are Devanagari throughout: read them in Nepali first.
    if (hint === "citizenship") await loadPage("nep");
    else if (!lookForMrz) await loadPage("eng");

    // A machine-readable zone decides the document whatever its layout (passport, ID card, visa), in
    // any of the four orientations (the locator straightens it).
    let mrzReading: MrzDocumentReading | null = null;
    if (lookForMrz) {
      const reread = {
        skewDegrees: prepared.skewDegrees,
        read: async (turn: number, skewDegrees: number, withZone: boolean) => {
          const upright = turn === 0 ? image : await turnImage(image, turn);
          const corners = located?.corners.map((c) => turnPoint(c, turn));
          const again = await holdingZone(
            upright,
            await prepareDocumentImage(upright, PAGE_WIDTH, { skewDegrees }),
            corners,
            skewDegrees,
          );
          return readPage(ocr, await pageToRead(again, corners, withZone), "eng", async () => true);
        },
      };
      mrzReading = await readMrzDocument(ocr, located, prepared.png, readEnglish, today(), reread);
    }
    const detect = async (): Promise<DetectedType> => {
      let type = detectDocumentType(pages.eng?.text ?? "", pages.nep?.text ?? "");
      const eng = pages.eng ?? (await loadPage("eng"));
      if (type === "unknown" && !pages.nep && looksDevanagariOnly(eng.text, eng.confidence)) {
        const nep = await loadPage("nep");
        type = detectDocumentType(eng.text, nep.text);
      }
      return type;
    };

    let detected: DetectedType;
    const seen = detectDocumentType(pages.eng?.text ?? "", pages.nep?.text ?? "");
    if (seen === "aadhaar")
      detected = "aadhaar"; // spec: relabelled by OCR text whatever the hint
    else if (mrzReading && (!hint || hint === "passport" || mrzReading.mrz.valid)) detected = mrzReading.kind;
    else if (hint) detected = hint;
    else detected = await detect();

    const warnings: string[] = [];
    let reading: FieldReading | null = null;
    if (mrzReading && MRZ_TYPES.has(detected)) {
      reading = mrzReading;
    } else if (TEMPLATE_TYPES.has(detected)) {
      reading = await readTemplate(lookForMrz, detected as TemplateType, prepared.png, pages, loadPage);
      if (!reading && detected === "passport") warnings.push("mrz_not_found");
      // A hint that reads nothing may simply be wrong: try what the text itself says.
      if ((!reading || Object.keys(reading.fields).length === 0) && hint) {
        const auto = await detect();
        if (auto !== detected && TEMPLATE_TYPES.has(auto)) {
          const second = await readTemplate(lookForMrz, auto as TemplateType, prepared.png, pages, loadPage);
          if (second && Object.keys(second.fields).length > 0) {
            reading = second;
            detected = auto;
          }
        }
      }
    }

    const portrait = await portraitPromise;
    if (!deps.detectFaces) warnings.push("portrait_not_checked");

    if (reading && Object.keys(reading.fields).length > 0) {
      warnings.push(...reading.warnings);
      const f = reading.fields;
      warnings.push(
        ...checkDates(
          { date_of_birth: f.date_of_birth, issue_date: f.issue_date, expiry_date: f.expiry_date },
          { today: today(), minimumAge: options.minimumAge },
        ),
      );
      const unique = [...new Set(warnings)];
      return {
        result: {
          fields: reading.fields,
          translated_fields: reading.translated,
          detected_type: detected,
          confidence: reading.confidence,
          is_document_valid: isValidGiven(unique),
          has_portrait: portrait.hasPortrait,
          warnings: unique,
          ...(reading === mrzReading && mrzReading ? { mrz: mrzReading.mrz } : {}),
        },
        portrait: portrait.crop,
      };
    }

    // spec: document-extract — template-less documents: generic extraction with the full text.
    const generic = readGeneric([pages.eng, pages.nep].filter((p): p is OcrResult => p !== undefined));
    if (!generic.fullText)
      throw new AppError("ocr_no_fields", { message: "No text could be read from the image" });
    return {
      result: {
        fields: generic.fields,
        translated_fields: {},
        detected_type: TEMPLATE_TYPES.has(detected) ? "unknown" : detected,
        confidence: generic.confidence,
        // Nothing was checked against a template, so nothing vouches for the document.
        is_document_valid: false,
        has_portrait: portrait.hasPortrait,
        generic_extraction: true,
        full_text: generic.fullText,
        extraction_note: GENERIC_EXTRACTION_NOTE,
        warnings: [...new Set(warnings)],
      },
      portrait: portrait.crop,
    };
  }

  return {
    extract,
    extractBusinessDocument: (image) => extractBusinessDocument(ocr, image, today()),
  };
}
