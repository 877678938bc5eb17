// Draws one signature specimen with sharp from an SVG: the pen strokes on paper (tint, optional
// ruled lines), then photo effects (uneven light, sensor noise, blur, JPEG) applied to the pixels.
import sharp from "sharp";
import type { Random } from "../seeded-random.js";
import type { Point } from "./writer-shape.js";

export interface Conditions {
  /** Canvas size in pixels. */
  width: number;
  height: number;
  /** Pixels per x-height unit. */
  scale: number;
  rotationDeg: number;
  /** Multiplies the writer's pen width. */
  penScale: number;
  offsetX: number;
  offsetY: number;
  ink: string;
  paper: [number, number, number];
  /** Spacing of ruled lines in pixels; 0 for plain paper. */
  ruleSpacing: number;
  noise: number;
  /** Brightness change across the page, in grey levels. */
  illumination: number;
  blur: number;
  format: "jpeg" | "png";
  quality: number;
}

const BLUE_INKS = ["#1b2a8c", "#142070", "#2a3fa8", "#1d3c9c"];
const BLACK_INKS = ["#151515", "#222226", "#2b2b2b"];

/** Natural capture variation: position, scale, rotation ±5°, pen, paper, lighting and compression. */
export function sampleConditions(random: Random, preferredInk: "blue" | "black"): Conditions {
  const ink = random.chance(0.8) ? preferredInk : preferredInk === "blue" ? "black" : "blue";
  const shade = random.between(236, 252);
  return {
    width: 640,
    height: 240,
    scale: random.between(26, 44),
    rotationDeg: random.between(-5, 5),
    penScale: random.between(0.7, 1.5),
    offsetX: random.between(-40, 40),
    offsetY: random.between(-20, 20),
    ink: random.pick(ink === "blue" ? BLUE_INKS : BLACK_INKS),
    paper: [shade, shade - random.between(0, 6), shade - random.between(0, 14)],
    ruleSpacing: random.chance(0.5) ? random.between(32, 48) : 0,
    noise: random.between(1, 7),
    illumination: random.between(0, 30),
    blur: random.chance(0.5) ? random.between(0.4, 1.0) : 0,
    format: random.chance(0.6) ? "jpeg" : "png",
    quality: random.int(60, 92),
  };
}

function layout(lines: Point[][], c: Conditions): Point[][] {
  const all = lines.flat();
  const minX = Math.min(...all.map((p) => p.x));
  const maxX = Math.max(...all.map((p) => p.x));
  const minY = Math.min(...all.map((p) => p.y));
  const maxY = Math.max(...all.map((p) => p.y));
  // Shrink the pen scale when the name would not fit the page with a margin.
  const scale = Math.min(c.scale, (c.width - 120) / (maxX - minX), (c.height - 70) / (maxY - minY));
  const cx = (minX + maxX) / 2;
  const cy = (minY + maxY) / 2;
  const angle = (c.rotationDeg * Math.PI) / 180;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  return lines.map((line) =>
    line.map((p) => {
      const x = (p.x - cx) * scale;
      const y = -(p.y - cy) * scale;
      return {
        x: c.width / 2 + c.offsetX + x * cos - y * sin,
        y: c.height / 2 + c.offsetY + x * sin + y * cos,
      };
    }),
  );
}

function toSvg(lines: Point[][], penWidthPx: number, c: Conditions): string {
  const [r, g, b] = c.paper.map(Math.round) as [number, number, number];
  const rules: string[] = [];
  if (c.ruleSpacing > 0) {
    for (let y = c.ruleSpacing / 2; y < c.height; y += c.ruleSpacing) {
      rules.push(`<line x1="0" y1="${y.toFixed(1)}" x2="${c.width}" y2="${y.toFixed(1)}" />`);
    }
  }
  const paths = lines
    .map((line) => `M${line.map((p) => `${p.x.toFixed(2)} ${p.y.toFixed(2)}`).join(" L")}`)
    .join(" ");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${c.width}" height="${c.height}">
<rect width="100%" height="100%" fill="rgb(${r},${g},${b})" />
<g stroke="#8fb3d9" stroke-width="1.4">${rules.join("")}</g>
<path d="${paths}" fill="none" stroke="${c.ink}" stroke-width="${penWidthPx.toFixed(2)}" stroke-linecap="round" stroke-linejoin="round" />
</svg>`;
}

/** Renders the strokes (x-height units) under the given conditions to JPEG or PNG bytes. */
export async function renderSpecimen(
  lines: Point[][],
  penWidth: number,
  conditions: Conditions,
  random: Random,
): Promise<Buffer> {
  const c = conditions;
  const placed = layout(lines, c);
  const penWidthPx = Math.max(1.2, penWidth * c.scale * c.penScale);
  const { data } = await sharp(Buffer.from(toSvg(placed, penWidthPx, c)))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const tilt = random.between(0, Math.PI * 2);
  for (let y = 0; y < c.height; y++) {
    for (let x = 0; x < c.width; x++) {
      const light =
        (c.illumination * ((x / c.width - 0.5) * Math.cos(tilt) + (y / c.height - 0.5) * Math.sin(tilt))) | 0;
      const grain = random.normal(0, c.noise);
      const i = (y * c.width + x) * 3;
      for (let k = 0; k < 3; k++) data[i + k] = Math.max(0, Math.min(255, data[i + k]! + light + grain));
    }
  }
  let image = sharp(data, { raw: { width: c.width, height: c.height, channels: 3 } });
  if (c.blur > 0.3) image = image.blur(c.blur);
  return c.format === "jpeg" ? image.jpeg({ quality: c.quality }).toBuffer() : image.png().toBuffer();
}
