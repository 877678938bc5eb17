// PDF intake for proof of address: the text layer of each page read with pdfjs-dist (bills and statements
// downloaded from a bank or utility are text PDFs), and pages without text (scans, photos saved as PDF)
// rasterised by pdfjs on @napi-rs/canvas for OCR. Untrusted input: no font loading (pdfjs 6 has no eval path left to switch off), a page limit
// checked before any page is parsed.
import { AppError } from "../../platform/errors.js";

/** One page's text, as lines in reading order (items grouped by baseline, left to right). */
export interface PdfPage {
  number: number;
  lines: string[];
  /** Characters of real text on the page (a scan has none or a few stray ones). */
  textLength: number;
}

export interface PdfDocument {
  pageCount: number;
  pages: PdfPage[];
  /** Renders a page (1-based) to PNG at `scale` × 72 dpi. */
  render(pageNumber: number, scale: number): Promise<Buffer>;
  close(): Promise<void>;
}

/** The longer side of a rendered page, in pixels (an A4 page at 2.1 × 72 dpi is 1754 px high). */
export const MAX_RENDER_SIDE = 2600;

/** Fewer characters than this on a page means it is an image: OCR it instead. */
export const SCANNED_PAGE_TEXT = 40;

interface TextItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
}

type PdfJs = typeof import("pdfjs-dist/legacy/build/pdf.mjs");
let pdfjs: Promise<PdfJs> | undefined;
function loadPdfJs(): Promise<PdfJs> {
  // Loaded on first use: 1 s of module evaluation the rest of the service never pays.
  pdfjs ??= import("pdfjs-dist/legacy/build/pdf.mjs");
  return pdfjs;
}

/** Groups text items whose baselines are within half a line of each other, then orders them by x. */
export function linesFromItems(items: readonly TextItem[]): string[] {
  const rows: { y: number; size: number; items: TextItem[] }[] = [];
  for (const item of items) {
    if (!item.str) continue;
    const y = item.transform[5] ?? 0;
    const size = Math.abs(item.transform[3] ?? item.height) || 10;
    const row = rows.find((candidate) => Math.abs(candidate.y - y) < Math.max(candidate.size, size) * 0.5);
    if (row) row.items.push(item);
    else rows.push({ y, size, items: [item] });
  }
  rows.sort((a, b) => b.y - a.y); // PDF y grows upwards
  return rows
    .map((row) => {
      const ordered = row.items.sort((a, b) => (a.transform[4] ?? 0) - (b.transform[4] ?? 0));
      let text = "";
      let end = Number.NEGATIVE_INFINITY;
      for (const item of ordered) {
        const x = item.transform[4] ?? 0;
        const gap = x - end;
        // A wide gap separates columns ("Name      Ram Thapa"): keep it visible as two spaces.
        if (text) text += gap > row.size * 1.5 ? "  " : gap > row.size * 0.15 ? " " : "";
        text += item.str;
        end = x + item.width;
      }
      return text.replace(/[ \t]{3,}/g, "  ").trim();
    })
    .filter(Boolean);
}

/** Opens a PDF; refuses more than `maxPages` pages (422 poa_too_many_pages) and unreadable files. */
export async function openPdf(bytes: Buffer, maxPages: number): Promise<PdfDocument> {
  const { getDocument } = await loadPdfJs();
  const task = getDocument({
    data: new Uint8Array(bytes),
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  let document: Awaited<typeof task.promise>;
  try {
    document = await task.promise;
  } catch (cause) {
    await task.destroy().catch(() => {});
    const encrypted = cause instanceof Error && cause.name === "PasswordException";
    throw new AppError("unprocessable", {
      field: "file",
      detail: encrypted ? "poa_pdf_encrypted" : "poa_unreadable",
      message: encrypted
        ? "The PDF is password-protected; upload a copy without a password."
        : "The PDF could not be opened.",
      cause,
    });
  }
  if (document.numPages > maxPages) {
    await task.destroy();
    throw new AppError("unprocessable", {
      field: "file",
      detail: "poa_too_many_pages",
      message: `The PDF has ${document.numPages} pages; at most ${maxPages} are read.`,
    });
  }
  const pages: PdfPage[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    const items = content.items.filter((item): item is TextItem & typeof item => "str" in item);
    const lines = linesFromItems(items);
    pages.push({ number, lines, textLength: lines.join("").replace(/\s/g, "").length });
    page.cleanup();
  }
  return {
    pageCount: document.numPages,
    pages,
    async render(pageNumber, scale) {
      const page = await document.getPage(pageNumber);
      // A page can declare any size (14 400 pt a side): the render is capped, whatever the scale asked.
      const natural = page.getViewport({ scale: 1 });
      const capped = Math.min(scale, MAX_RENDER_SIDE / Math.max(natural.width, natural.height));
      const viewport = page.getViewport({ scale: capped });
      const factory = (document as unknown as { canvasFactory: CanvasFactory }).canvasFactory;
      const { canvas, context } = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
      // A scan on a white page: paint the page white first (the canvas starts transparent).
      context.fillStyle = "#ffffff";
      context.fillRect(0, 0, canvas.width, canvas.height);
      await page.render({ canvas, canvasContext: context, viewport } as never).promise;
      const png = await canvas.encode("png");
      factory.destroy({ canvas, context });
      page.cleanup();
      return Buffer.from(png);
    },
    close: () => task.destroy(),
  };
}

interface CanvasLike {
  width: number;
  height: number;
  encode(format: "png"): Promise<Uint8Array>;
}
interface CanvasFactory {
  create(
    width: number,
    height: number,
  ): {
    canvas: CanvasLike;
    context: { fillStyle: string; fillRect(x: number, y: number, w: number, h: number): void };
  };
  destroy(pair: unknown): void;
}
