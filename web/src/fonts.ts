// Declares the Devanagari web font built by web/devanagari-font.ts as @font-face rules. A face loads only
// when text in its unicode-range is laid out in a family that names it (styles.css), so English pages never
// fetch it, and a device's own Noto Sans Devanagari, listed first, is used when present.
import { faces, unicodeRange } from "virtual:devanagari-font";

export const DEVANAGARI_FAMILY = "KYC Noto Sans Devanagari";

export function registerDevanagariFont(): void {
  const style = document.createElement("style");
  style.textContent = faces
    .map(
      (face) =>
        `@font-face{font-family:"${DEVANAGARI_FAMILY}";src:url("${face.url}") format("woff2");` +
        `font-weight:${face.weight};font-display:swap;unicode-range:${unicodeRange}}`,
    )
    .join("\n");
  document.head.appendChild(style);
}

/**
 * Whether the device shows Devanagari by itself: the conjunct क्ष is one glyph in a Devanagari font, three
 * empty boxes without one.
 */
function deviceHasDevanagari(): boolean {
  const context = document.createElement("canvas").getContext("2d");
  if (!context) return true;
  context.font = "32px system-ui, sans-serif";
  const conjunct = context.measureText("\u0915\u094d\u0937").width;
  const boxes = context.measureText("\ue000\ue000\ue000").width;
  return conjunct < boxes * 0.8;
}

/**
 * On a device without a Devanagari font, fetches the faces before the first paint (at most `waitMs`):
 * every page shows Devanagari (the language switch at least), and Chromium kept text shaped before the face
 * arrived as empty boxes even after it loaded.
 */
export async function prepareDevanagariFont(waitMs = 1500): Promise<void> {
  if (!document.fonts || deviceHasDevanagari()) return;
  const loads = faces.map((face) =>
    document.fonts.load(`${face.weight} 16px "${DEVANAGARI_FAMILY}"`, "\u0915"),
  );
  await Promise.race([Promise.all(loads), new Promise((resolve) => setTimeout(resolve, waitMs))]).catch(
    () => undefined,
  );
}
