// Fonts come from npm packages (never the system): Noto Sans Devanagari renders both Devanagari and
// Latin; Source Code Pro stands in for the MRZ's OCR-B, which no npm package ships.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

export type FontName = "sans" | "sansBold" | "mono";

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
};

export function fontFile(name: FontName): string {
  return require.resolve(FONT_FILES[name].file);
}

export function fontFamily(name: FontName): string {
  return FONT_FILES[name].family;
}
