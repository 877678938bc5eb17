// Sample evidence for sandbox completions: a specimen identity card, its portrait and a selfie, drawn once per
// process from SVG (no file shipped, nothing downloaded). Every image says SANDBOX SPECIMEN, so a file that
// leaks out of a test can never be mistaken for a person's document.
import sharp from "sharp";

export type SampleKind = "document_front" | "document_back" | "portrait" | "selfie";

const FACE = `
  <ellipse cx="0" cy="-10" rx="62" ry="78" fill="#d9a77f"/>
  <path d="M-64 -30 Q-60 -105 0 -100 Q60 -105 64 -30 Q50 -70 0 -72 Q-50 -70 -64 -30 Z" fill="#3b2a20"/>
  <ellipse cx="-22" cy="-18" rx="8" ry="5" fill="#2b1d14"/>
  <ellipse cx="22" cy="-18" rx="8" ry="5" fill="#2b1d14"/>
  <path d="M-4 -2 L-8 22 L6 22" fill="none" stroke="#a8774f" stroke-width="3"/>
  <path d="M-20 40 Q0 52 20 40" fill="none" stroke="#8c3b3b" stroke-width="4"/>
  <path d="M-110 160 Q-100 70 0 70 Q100 70 110 160 Z" fill="#33507a"/>`;

const SVG: Record<SampleKind, () => string> = {
  document_front: () => `
    <svg xmlns="http://www.w3.org/2000/svg" width="856" height="540">
      <rect width="856" height="540" rx="28" fill="#e8eef5"/>
      <rect x="0" y="0" width="856" height="90" rx="28" fill="#1f3f6e"/>
      <text x="40" y="60" font-family="DejaVu Sans, sans-serif" font-size="34" fill="#fff">SANDBOX SPECIMEN · IDENTITY CARD</text>
      <rect x="40" y="120" width="240" height="300" fill="#c9d4e0"/>
      <g transform="translate(160 280)">${FACE}</g>
      <g font-family="DejaVu Sans, sans-serif" fill="#1b2430" font-size="26">
        <text x="320" y="160">Surname: SPECIMEN</text>
        <text x="320" y="205">Given names: SANDBOX TEST</text>
        <text x="320" y="250">Date of birth: 1990-01-01</text>
        <text x="320" y="295">Nationality: NPL</text>
        <text x="320" y="340">Document no.: SBX0000001</text>
        <text x="320" y="385">Expiry: 2035-01-01</text>
      </g>
      <text x="40" y="490" font-family="DejaVu Sans Mono, monospace" font-size="22" fill="#555">NOT A REAL DOCUMENT — GENERATED FOR TEST MODE</text>
    </svg>`,
  document_back: () => `
    <svg xmlns="http://www.w3.org/2000/svg" width="856" height="540">
      <rect width="856" height="540" rx="28" fill="#e8eef5"/>
      <text x="40" y="80" font-family="DejaVu Sans, sans-serif" font-size="30" fill="#1f3f6e">SANDBOX SPECIMEN · REVERSE</text>
      <g font-family="DejaVu Sans Mono, monospace" font-size="30" fill="#1b2430">
        <text x="40" y="400">I&lt;NPLSBX0000001&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;</text>
        <text x="40" y="445">9001011M3501012NPL&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;</text>
        <text x="40" y="490">SPECIMEN&lt;&lt;SANDBOX&lt;TEST&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;</text>
      </g>
    </svg>`,
  portrait: () => `
    <svg xmlns="http://www.w3.org/2000/svg" width="240" height="300">
      <rect width="240" height="300" fill="#c9d4e0"/>
      <g transform="translate(120 160)">${FACE}</g>
      <text x="10" y="290" font-family="DejaVu Sans, sans-serif" font-size="16" fill="#1f3f6e">SANDBOX SPECIMEN</text>
    </svg>`,
  selfie: () => `
    <svg xmlns="http://www.w3.org/2000/svg" width="480" height="640">
      <rect width="480" height="640" fill="#dfe6dc"/>
      <g transform="translate(240 330) scale(1.8)">${FACE}</g>
      <text x="20" y="620" font-family="DejaVu Sans, sans-serif" font-size="24" fill="#2f4a2a">SANDBOX SPECIMEN SELFIE</text>
    </svg>`,
};

const cache = new Map<SampleKind, Promise<Buffer>>();

/** JPEG bytes of one sample image (rendered on first use, then kept). */
export function sampleImage(kind: SampleKind): Promise<Buffer> {
  let image = cache.get(kind);
  if (!image) {
    image = sharp(Buffer.from(SVG[kind]())).jpeg({ quality: 85 }).toBuffer();
    cache.set(kind, image);
  }
  return image;
}
