// Renders a session's verification report as a PDF (pdfkit): the outcome, status/decision/dates, every check
// with its score and warnings, operator reviews, tags and evidence thumbnails. Devanagari strings (Nepali
// names, questionnaire answers) need a font that shapes them: Noto Sans Devanagari from npm; Latin text
// stays in the built-in Helvetica.
import { createRequire } from "node:module";
import PDFDocument from "pdfkit";

const require = createRequire(import.meta.url);
const DEVANAGARI_REGULAR = require.resolve(
  "@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf",
);
const DEVANAGARI_BOLD = require.resolve(
  "@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf",
);
const DEVANAGARI = /[\u0900-\u097F\uA8E0-\uA8FF]/;

export interface ReportCheck {
  nodeId: string;
  feature: string;
  status: string;
  score: number | null;
  warnings: string[];
  /** Short readable lines drawn under the check (e.g. questionnaire answers). */
  details: string[];
}

export interface ReportReview {
  reviewer: string;
  decision: string;
  reason: string;
  createdAt: Date;
}

export interface ReportImage {
  label: string;
  /** JPEG or PNG bytes, already reduced to a thumbnail. */
  bytes: Buffer;
}

export interface SessionReport {
  sessionId: string;
  status: string;
  decision: string;
  decisionReason: string | null;
  stage: string;
  workflowName: string;
  vendorData: string | null;
  applicantName: string | null;
  dateOfBirth: string | null;
  documentType: string | null;
  documentNumber: string | null;
  tags: string[];
  creditsCharged: string;
  createdAt: Date;
  startedAt: Date | null;
  completedAt: Date | null;
  expiresAt: Date;
  checks: ReportCheck[];
  reviews: ReportReview[];
  images: ReportImage[];
  generatedAt: Date;
}

const OUTCOME_COLOURS: Record<string, string> = {
  approved: "#1e7d34",
  declined: "#b3261e",
  in_review: "#b36b00",
  expired: "#5f6368",
  abandoned: "#5f6368",
};

const MARGIN = 48;

export function renderSessionReport(report: SessionReport): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    info: { Title: `Verification report ${report.sessionId}`, Author: "kyc-service" },
  });
  doc.registerFont("deva", DEVANAGARI_REGULAR);
  doc.registerFont("deva-bold", DEVANAGARI_BOLD);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const width = doc.page.width - MARGIN * 2;
  /** Picks the font a string needs: Devanagari → Noto, everything else → Helvetica. */
  const font = (text: string, bold = false) =>
    doc.font(DEVANAGARI.test(text) ? (bold ? "deva-bold" : "deva") : bold ? "Helvetica-Bold" : "Helvetica");
  const heading = (text: string) => {
    ensureSpace(40);
    doc.moveDown(0.8);
    font(text, true).fontSize(13).fillColor("#202124").text(text, MARGIN);
    doc
      .moveTo(MARGIN, doc.y + 2)
      .lineTo(MARGIN + width, doc.y + 2)
      .lineWidth(0.5)
      .strokeColor("#dadce0")
      .stroke();
    doc.moveDown(0.4);
  };
  const ensureSpace = (needed: number) => {
    if (doc.y + needed > doc.page.height - MARGIN) doc.addPage();
  };

  // Title and outcome banner.
  font("x", true).fontSize(20).fillColor("#202124").text("Identity verification report", MARGIN, MARGIN);
  font("x").fontSize(9).fillColor("#5f6368").text(`Session ${report.sessionId}`);
  doc.moveDown(0.6);
  const bannerTop = doc.y;
  const colour = OUTCOME_COLOURS[report.decision] ?? "#1a73e8";
  doc.rect(MARGIN, bannerTop, width, 44).fill(colour);
  font("x", true)
    .fontSize(18)
    .fillColor("#ffffff")
    .text(`Outcome: ${report.decision.replace(/_/g, " ").toUpperCase()}`, MARGIN + 14, bannerTop + 13, {
      width: width - 28,
    });
  doc.y = bannerTop + 56;
  doc.x = MARGIN;

  heading("Summary");
  const rows: [string, string][] = [
    ["Status", report.status],
    ["Decision", report.decision],
    ["Decision reason", report.decisionReason ?? "-"],
    ["Stage", report.stage],
    ["Workflow", report.workflowName],
    ["Applicant", report.applicantName ?? "-"],
    ["Date of birth", report.dateOfBirth ?? "-"],
    ["Document", report.documentType?.replace(/_/g, " ") ?? "-"],
    ["Document number", report.documentNumber ?? "-"],
    ["Vendor reference", report.vendorData ?? "-"],
    ["Tags", report.tags.length > 0 ? report.tags.join(", ") : "-"],
    ["Credits charged", report.creditsCharged],
    ["Created", formatDate(report.createdAt)],
    ["Started", formatDate(report.startedAt)],
    ["Completed", formatDate(report.completedAt)],
    ["Link expires", formatDate(report.expiresAt)],
  ];
  for (const [label, value] of rows) {
    ensureSpace(18);
    const top = doc.y;
    font(label, true).fontSize(10).fillColor("#5f6368").text(label, MARGIN, top, { width: 130 });
    font(value)
      .fontSize(10)
      .fillColor("#202124")
      .text(value, MARGIN + 140, top, { width: width - 140 });
    doc.y = Math.max(doc.y, top + 15);
  }

  heading("Checks");
  if (report.checks.length === 0)
    font("x").fontSize(10).fillColor("#5f6368").text("No checks in this workflow.");
  const columns = [
    { title: "Node", x: 0, w: 110 },
    { title: "Feature", x: 112, w: 110 },
    { title: "Result", x: 224, w: 70 },
    { title: "Score", x: 296, w: 50 },
    { title: "Warnings", x: 348, w: width - 348 },
  ];
  if (report.checks.length > 0) {
    const top = doc.y;
    for (const column of columns) {
      font("x", true)
        .fontSize(9)
        .fillColor("#5f6368")
        .text(column.title, MARGIN + column.x, top, { width: column.w });
    }
    doc.y = top + 14;
  }
  for (const check of report.checks) {
    ensureSpace(30);
    const top = doc.y;
    const cells = [
      check.nodeId,
      check.feature,
      check.status,
      check.score === null ? "-" : check.score.toFixed(3),
      check.warnings.length > 0 ? check.warnings.join(", ") : "none",
    ];
    let bottom = top;
    cells.forEach((cell, index) => {
      const column = columns[index]!;
      font(cell, index === 2)
        .fontSize(10)
        .fillColor(index === 2 ? (OUTCOME_COLOURS[cell] ?? "#202124") : "#202124")
        .text(cell, MARGIN + column.x, top, { width: column.w });
      bottom = Math.max(bottom, doc.y);
    });
    doc.y = bottom + 2;
    for (const line of check.details) {
      ensureSpace(16);
      font(line)
        .fontSize(9)
        .fillColor("#3c4043")
        .text(line, MARGIN + 12, doc.y, { width: width - 12 });
    }
    doc.y += 4;
  }

  heading("Reviews");
  if (report.reviews.length === 0) font("x").fontSize(10).fillColor("#5f6368").text("No operator reviews.");
  for (const review of report.reviews) {
    ensureSpace(18);
    const line = `${formatDate(review.createdAt)}  ${review.reviewer}: ${review.decision}${review.reason ? ` (${review.reason})` : ""}`;
    font(line).fontSize(10).fillColor("#202124").text(line, MARGIN, doc.y, { width });
  }

  heading("Evidence");
  if (report.images.length === 0)
    font("x").fontSize(10).fillColor("#5f6368").text("No image evidence on file.");
  const size = 150;
  const gap = 16;
  const perRow = Math.max(1, Math.floor((width + gap) / (size + gap)));
  let rowTop = doc.y;
  report.images.forEach((image, index) => {
    const column = index % perRow;
    if (column === 0) {
      if (index > 0) rowTop += size + 28;
      if (rowTop + size + 24 > doc.page.height - MARGIN) {
        doc.addPage();
        rowTop = MARGIN;
      }
    }
    const x = MARGIN + column * (size + gap);
    doc.rect(x, rowTop, size, size).lineWidth(0.5).strokeColor("#dadce0").stroke();
    doc.image(image.bytes, x + 2, rowTop + 2, {
      fit: [size - 4, size - 4],
      align: "center",
      valign: "center",
    });
    font(image.label)
      .fontSize(8)
      .fillColor("#5f6368")
      .text(image.label, x, rowTop + size + 4, { width: size, align: "center" });
  });
  if (report.images.length > 0) doc.y = rowTop + size + 28;

  doc.moveDown(1);
  ensureSpace(20);
  font("x")
    .fontSize(8)
    .fillColor("#80868b")
    .text(`Generated ${formatDate(report.generatedAt)}`, MARGIN, doc.y, { width });
  doc.end();
  return done;
}

function formatDate(value: Date | null): string {
  return value ? `${value.toISOString().slice(0, 19).replace("T", " ")} UTC` : "-";
}
