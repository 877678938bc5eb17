// Vite plugin: a Devanagari web font for the Nepali pages, so devices without a Devanagari font still show
// the copy (issue 12). Noto Sans Devanagari (the @expo-google-fonts package the PDF report already uses) is
// subset with HarfBuzz (subset-font, which keeps the GSUB/GPOS shaping the conjuncts need) to the Devanagari
// block — the page copy, operators' Nepali labels and names applicants type — and emitted as hashed WOFF2
// under flow-assets/ (served immutable). The page registers it with the Font Loading API behind
// `unicode-range`, so English readers never download it and a locally installed Noto font wins.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import subsetFont from "subset-font";
import type { Plugin } from "vite";

const VIRTUAL = "virtual:devanagari-font";
const RESOLVED = `\0${VIRTUAL}`;
const WEIGHTS = {
  400: "400Regular/NotoSansDevanagari_400Regular.ttf",
  600: "600SemiBold/NotoSansDevanagari_600SemiBold.ttf",
};
/** Devanagari, the joiners conjunct control needs, and the dotted circle shown for a stray sign. */
export const UNICODE_RANGE = "U+0900-097F, U+200C-200D, U+25CC";

const require = createRequire(import.meta.url);
const CACHE = fileURLToPath(new URL("../node_modules/.cache/kyc-devanagari-font/", import.meta.url));

function subsetText(): string {
  let text = "\u200c\u200d\u25cc";
  for (let code = 0x0900; code <= 0x097f; code++) text += String.fromCodePoint(code);
  return text;
}

/** The WOFF2 subset of one weight, cached by the font's and the text's hash (subsetting takes seconds). */
async function woff2(weight: keyof typeof WEIGHTS): Promise<Buffer> {
  const ttf = readFileSync(require.resolve(`@expo-google-fonts/noto-sans-devanagari/${WEIGHTS[weight]}`));
  const text = subsetText();
  const key = createHash("sha256").update(ttf).update(text).digest("hex").slice(0, 16);
  const cached = join(CACHE, `${weight}-${key}.woff2`);
  try {
    return readFileSync(cached);
  } catch {}
  const font = await subsetFont(ttf, text, { targetFormat: "woff2" });
  mkdirSync(CACHE, { recursive: true });
  writeFileSync(cached, font);
  return font;
}

export function devanagariFont(): Plugin {
  let serving = false;
  return {
    name: "kyc-devanagari-font",
    configResolved(config) {
      serving = config.command === "serve";
    },
    resolveId: (id) => (id === VIRTUAL ? RESOLVED : undefined),
    async load(id) {
      if (id !== RESOLVED) return undefined;
      const faces: string[] = [];
      for (const weight of Object.keys(WEIGHTS).map(Number) as (keyof typeof WEIGHTS)[]) {
        const font = await woff2(weight);
        // The dev server has no bundle to emit into: it serves the cached file directly.
        const url = serving
          ? JSON.stringify(`/@fs${join(CACHE, `${weight}-dev.woff2`)}`)
          : `import.meta.ROLLUP_FILE_URL_${this.emitFile({ type: "asset", name: `noto-sans-devanagari-${weight}.woff2`, source: font })}`;
        if (serving) writeFileSync(join(CACHE, `${weight}-dev.woff2`), font);
        faces.push(`{ weight: "${weight}", url: ${url} }`);
      }
      return `export const unicodeRange = ${JSON.stringify(UNICODE_RANGE)};\nexport const faces = [${faces.join(", ")}];\n`;
    },
  };
}
