// Registers the Devanagari web font built by web/devanagari-font.ts. Faces added to document.fonts load only
// when text in their unicode-range is laid out in a family that names them (styles.css), so English pages
// never fetch them and a device's own Noto Sans Devanagari, listed first, is used when present.
import { faces, unicodeRange } from "virtual:devanagari-font";

export const DEVANAGARI_FAMILY = "KYC Noto Sans Devanagari";

export function registerDevanagariFont(): void {
  if (typeof FontFace === "undefined" || !document.fonts) return;
  for (const face of faces) {
    document.fonts.add(
      new FontFace(DEVANAGARI_FAMILY, `url(${face.url}) format("woff2")`, {
        weight: face.weight,
        unicodeRange,
        display: "swap",
      }),
    );
  }
}
