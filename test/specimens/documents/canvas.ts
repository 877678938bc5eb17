// A small drawing surface over sharp: SVG for shapes, sharp's Pango text renderer (with the npm font
// files) for text, so Devanagari conjuncts are shaped correctly.
import sharp from "sharp";
import { type FontName, fontFamily, fontFile } from "./fonts.js";

export interface TextOptions {
  font?: FontName;
  size: number;
  color?: string;
  /** Extra spacing between letters in px (the MRZ is a fixed-pitch grid). */
  letterSpacing?: number;
}

interface Layer {
  input: Buffer;
  top: number;
  left: number;
}

function escapeMarkup(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export async function renderText(
  text: string,
  options: TextOptions,
): Promise<{ data: Buffer; width: number; height: number }> {
  const font = options.font ?? "sans";
  const spacing = options.letterSpacing
    ? ` letter_spacing="${Math.round(options.letterSpacing * 1024)}"`
    : "";
  const markup = `<span foreground="${options.color ?? "#1a1a1a"}"${spacing}>${escapeMarkup(text)}</span>`;
  const { data, info } = await sharp({
    text: {
      text: markup,
      fontfile: fontFile(font),
      font: `${fontFamily(font)} ${options.size}`,
      rgba: true,
      dpi: 72,
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

export class Canvas {
  private readonly svg: string[] = [];
  private readonly layers: Promise<Layer>[] = [];

  constructor(
    readonly width: number,
    readonly height: number,
    private readonly background: string,
  ) {}

  /** Raw SVG elements drawn under everything else (patterns, frames, rules). */
  shape(element: string): this {
    this.svg.push(element);
    return this;
  }

  text(x: number, y: number, text: string, options: TextOptions): this {
    this.layers.push(renderText(text, options).then((t) => ({ input: t.data, left: x, top: y })));
    return this;
  }

  image(x: number, y: number, width: number, height: number, source: Buffer | string): this {
    this.layers.push(
      sharp(source)
        .resize(width, height, { fit: "cover", position: "attention" })
        .png()
        .toBuffer()
        .then((input) => ({ input, left: x, top: y })),
    );
    return this;
  }

  async toPng(): Promise<Buffer> {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${this.width}" height="${this.height}">
<rect width="100%" height="100%" fill="${this.background}"/>${this.svg.join("\n")}</svg>`;
    const layers = await Promise.all(this.layers);
    // Layers hanging past the edge would make composite throw; clip them to the card.
    const clipped = await Promise.all(layers.map((layer) => clipLayer(layer, this.width, this.height)));
    return sharp(Buffer.from(svg))
      .composite(clipped.filter((l): l is Layer => l !== null))
      .png()
      .toBuffer();
  }
}

async function clipLayer(layer: Layer, width: number, height: number): Promise<Layer | null> {
  const meta = await sharp(layer.input).metadata();
  const w = Math.min(meta.width ?? 0, width - layer.left);
  const h = Math.min(meta.height ?? 0, height - layer.top);
  if (w <= 0 || h <= 0) return null;
  if (w === meta.width && h === meta.height) return layer;
  const input = await sharp(layer.input).extract({ left: 0, top: 0, width: w, height: h }).png().toBuffer();
  return { ...layer, input };
}

/** A faint guilloche-like wave pattern so the background is not a flat colour. */
export function guilloche(width: number, height: number, color: string, seed: number): string {
  const paths: string[] = [];
  for (let i = 0; i < 14; i++) {
    const amp = 8 + ((seed + i * 7) % 13);
    const period = 60 + ((seed * 3 + i * 11) % 50);
    let d = `M 0 ${(i * height) / 14}`;
    for (let x = 0; x <= width; x += 10) {
      const y = (i * height) / 14 + amp * Math.sin((x / period) * Math.PI * 2 + i);
      d += ` L ${x} ${y.toFixed(1)}`;
    }
    paths.push(`<path d="${d}" stroke="${color}" stroke-width="1" fill="none" opacity="0.35"/>`);
  }
  return paths.join("");
}
