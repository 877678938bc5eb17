// Realistic proof-of-address specimens for tests and the accuracy bench: utility, bank and telecom bills,
// government letters and tenancy agreements, in English or Nepali (Bikram Sambat dates in Devanagari
// digits), delivered as a text PDF (pdfkit, real text layer), a scanned PDF (the page photographed by the
// scanner simulation and embedded as an image), a phone photo (perspective, uneven light, blur, noise,
// JPEG), a flat scan (JPEG) or a phone screenshot (status bar, screen resolution, PNG). Every draw comes
// from the seed.
import PDFDocument from "pdfkit";
import sharp from "sharp";
import { photograph } from "../documents/camera.js";
import { Canvas } from "../documents/canvas.js";
import { fontFile } from "../documents/fonts.js";
import { createPerson, type Person } from "../documents/people.js";
import { createRandom, type Random } from "../seeded-random.js";
import {
  type BillContent,
  billContent,
  POA_KINDS,
  type PoaKind,
  type PoaLanguage,
  type Truth,
} from "./bill-content.js";

export { POA_KINDS, type PoaKind, type PoaLanguage, type Truth } from "./bill-content.js";

export type PoaFormat = "pdf_text" | "pdf_scan" | "photo" | "scan" | "screenshot";
export const POA_FORMATS: readonly PoaFormat[] = ["pdf_text", "pdf_scan", "photo", "scan", "screenshot"];

export interface PoaSpecimen {
  bytes: Buffer;
  mime: "application/pdf" | "image/jpeg" | "image/png";
  format: PoaFormat;
  truth: Truth;
  person: Person;
}

export interface PoaSpecimenOptions {
  kind?: PoaKind;
  language?: PoaLanguage;
  format?: PoaFormat;
  /** Days between the issue date and `today` (default 5..60). */
  ageDays?: number;
  /** ISO; default the real date. */
  today?: string;
  /** The holder (default a random invented person). */
  person?: Person;
}

type Item =
  | { kind: "text"; x: number; y: number; text: string; size: number; bold?: boolean; color?: string }
  | { kind: "rect"; x: number; y: number; w: number; h: number; fill: string };

const PAGE = { width: 595, height: 842 };

/** The page as drawing items in PDF points (A4), shared by the PDF writer and the raster renderer. */
function layout(content: BillContent, random: Random): Item[] {
  const items: Item[] = [];
  const left = random.int(36, 52);
  const valueX = left + random.int(140, 165);
  items.push({ kind: "rect", x: 0, y: 0, w: PAGE.width, h: 72, fill: content.accent });
  items.push({ kind: "text", x: left, y: 16, text: content.issuer, size: 17, bold: true, color: "#ffffff" });
  items.push({ kind: "text", x: left, y: 46, text: content.issuerLine, size: 10, color: "#f2f2f2" });
  items.push({
    kind: "text",
    x: left,
    y: 96,
    text: content.title,
    size: 15,
    bold: true,
    color: content.accent,
  });
  let y = 132;
  for (const row of content.rows) {
    if (row.label) {
      items.push({ kind: "text", x: left, y, text: `${row.label}:`, size: 11, bold: true, color: "#333333" });
      items.push({ kind: "text", x: valueX, y, text: row.value, size: 11, color: "#111111" });
    } else {
      items.push({
        kind: "text",
        x: row.key === "address2" ? valueX : left,
        y,
        text: row.value,
        size: 11,
        color: "#111111",
      });
    }
    y += 21;
  }
  y += 18;
  for (const [index, cells] of content.table.entries()) {
    const width = (PAGE.width - 2 * left) / cells.length;
    if (index === 0 && cells.length > 1)
      items.push({ kind: "rect", x: left, y: y - 4, w: PAGE.width - 2 * left, h: 20, fill: "#e9eef3" });
    for (const [column, cell] of cells.entries()) {
      items.push({
        kind: "text",
        x: left + column * width + 2,
        y,
        text: cell,
        size: cells.length === 1 ? 10 : 9.5,
        bold: index === 0 && cells.length > 1,
        color: "#222222",
      });
    }
    y += 20;
  }
  items.push({ kind: "rect", x: left, y: PAGE.height - 64, w: PAGE.width - 2 * left, h: 1, fill: "#999999" });
  items.push({ kind: "text", x: left, y: PAGE.height - 54, text: content.footer, size: 8, color: "#666666" });
  return items;
}

async function writePdf(draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: 0,
    info: { Producer: "billing system", Creator: "billing system" },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => doc.on("end", () => resolve()));
  draw(doc);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

function textPdf(items: Item[]): Promise<Buffer> {
  return writePdf((doc) => {
    for (const item of items) {
      if (item.kind === "rect") {
        doc.rect(item.x, item.y, item.w, item.h).fill(item.fill);
        continue;
      }
      doc
        .font(fontFile(item.bold ? "sansBold" : "sans"))
        .fontSize(item.size)
        .fillColor(item.color ?? "#111111")
        .text(item.text, item.x, item.y, { lineBreak: false });
    }
  });
}

/** The page at 150 dpi (1240 × 1754 px). */
async function rasterPage(items: Item[]): Promise<Buffer> {
  const scale = 150 / 72;
  const canvas = new Canvas(Math.round(PAGE.width * scale), Math.round(PAGE.height * scale), "#ffffff");
  for (const item of items) {
    if (item.kind === "rect") {
      canvas.shape(
        `<rect x="${item.x * scale}" y="${item.y * scale}" width="${item.w * scale}" height="${item.h * scale}" fill="${item.fill}"/>`,
      );
    } else {
      canvas.text(Math.round(item.x * scale), Math.round(item.y * scale), item.text, {
        font: item.bold ? "sansBold" : "sans",
        size: item.size * scale,
        color: item.color,
      });
    }
  }
  return canvas.toPng();
}

/** A phone screenshot of the page open in a viewer: status bar with clock and battery, app bar, page. */
async function screenshotOf(page: Buffer, random: Random): Promise<Buffer> {
  const width = 1170;
  const height = 2532;
  const clock = `${random.int(7, 11)}:${String(random.int(0, 59)).padStart(2, "0")}`;
  const canvas = new Canvas(width, height, "#f4f4f4");
  canvas.shape(`<rect x="0" y="0" width="${width}" height="110" fill="#ffffff"/>`);
  canvas.shape(`<rect x="0" y="110" width="${width}" height="150" fill="#fafafa"/>`);
  canvas.shape(
    `<rect x="980" y="42" width="80" height="36" rx="8" fill="none" stroke="#111" stroke-width="4"/>`,
  );
  canvas.text(70, 30, clock, { font: "sansBold", size: 44 });
  canvas.text(860, 34, `${random.int(20, 99)}%`, { font: "sans", size: 36 });
  canvas.text(60, 160, "‹  Documents", { font: "sans", size: 40, color: "#1a73e8" });
  const pageWidth = width - 60;
  const resized = await sharp(page).resize({ width: pageWidth }).png().toBuffer();
  canvas.image(30, 290, pageWidth, Math.round((pageWidth * 1754) / 1240), resized);
  return canvas.toPng();
}

export async function generatePoaSpecimen(
  seed: number,
  options: PoaSpecimenOptions = {},
): Promise<PoaSpecimen> {
  const random = createRandom(seed);
  const person = options.person ?? createPerson(random);
  const kind = options.kind ?? random.pick(POA_KINDS);
  const language = options.language ?? (random.chance(0.5) ? "en" : "ne");
  const format = options.format ?? random.pick(["pdf_text", "pdf_scan", "photo", "scan"] as const);
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const age = options.ageDays ?? random.int(5, 60);
  const issue = new Date(`${today}T00:00:00Z`);
  issue.setUTCDate(issue.getUTCDate() - age);
  const { content, truth } = billContent(random, person, kind, language, issue.toISOString().slice(0, 10));
  const items = layout(content, random);
  if (format === "pdf_text")
    return { bytes: await textPdf(items), mime: "application/pdf", format, truth, person };
  const page = await rasterPage(items);
  if (format === "screenshot") {
    return { bytes: await screenshotOf(page, random), mime: "image/png", format, truth, person };
  }
  const { image } = await photograph(page, format === "photo" ? "photo" : "scan", random);
  if (format === "pdf_scan") {
    const bytes = await writePdf((doc) => {
      doc.image(image, 0, 0, { width: PAGE.width, height: PAGE.height });
    });
    return { bytes, mime: "application/pdf", format, truth, person };
  }
  return { bytes: image, mime: "image/jpeg", format, truth, person };
}
