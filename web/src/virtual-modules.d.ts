// Modules web/vite.config.ts's plugins generate at build time, and the untyped build-time packages.
declare module "virtual:devanagari-font" {
  export const unicodeRange: string;
  export const faces: { weight: string; url: string }[];
}

// subset-font ships no types: the one call web/devanagari-font.ts makes.
declare module "subset-font" {
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: { targetFormat?: "sfnt" | "woff" | "woff2" },
  ): Promise<Buffer>;
}
