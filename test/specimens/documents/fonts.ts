// Fonts come from npm packages, except OCR-B: Noto Sans Devanagari renders both Devanagari and Latin;
// Source Code Pro is the older generator's MRZ font; OCR-B, the real MRZ typeface (ICAO 9303-3), comes
// from Debian's fonts-ocr-b, which .ci/run installs.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

export type FontName = "sans" | "sansBold" | "mono" | "ocrb";

export const OCR_B_FILE = "/usr/share/fonts/opentype/ocr-b/OCRB.otf";

const FONT_FILES: Record<FontName, { file: string; family: string }> = {
  sans: {
    file: "@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf",
    family: "Noto Sans Devanagari",
  },
  sansBold: {
    file: "@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf",
    family: "Noto Sans Devanagari Bold",
  },
  mono: {
    file: "@expo-google-fonts/source-code-pro/500Medium/SourceCodePro_500Medium.ttf",
    family: "Source Code Pro Medium",
  },
  ocrb: { file: OCR_B_FILE, family: "OCR B" },
};

export function fontFile(name: FontName): string {
  const { file } = FONT_FILES[name];
  return file.startsWith("/") ? file : require.resolve(file);
}

export function fontFamily(name: FontName): string {
  return FONT_FILES[name].family;
}
