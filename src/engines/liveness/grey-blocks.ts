// A frame in grey levels at a given width, each pixel the mean of the source block it covers: sensor noise
// and JPEG blocks average out, which the clip cues (background zoom, rigid whole-frame fit) need.
import type { FaceImage } from "./frame-types.js";

export interface Grey {
  data: Float32Array;
  width: number;
  height: number;
  /** Source pixels per grey pixel. */
  factor: number;
}

export function greyBlocks(image: FaceImage, width: number): Grey {
  const factor = image.width / width;
  const height = Math.max(1, Math.floor(image.height / factor));
  const data = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const y0 = Math.floor(y * factor);
    const y1 = Math.max(y0 + 1, Math.floor((y + 1) * factor));
    for (let x = 0; x < width; x++) {
      const x0 = Math.floor(x * factor);
      const x1 = Math.max(x0 + 1, Math.floor((x + 1) * factor));
      let sum = 0;
      for (let yy = y0; yy < y1; yy++) {
        for (let xx = x0; xx < x1; xx++) {
          const i = (yy * image.width + xx) * 3;
          sum +=
            0.299 * (image.data[i] as number) +
            0.587 * (image.data[i + 1] as number) +
            0.114 * (image.data[i + 2] as number);
        }
      }
      data[y * width + x] = sum / ((y1 - y0) * (x1 - x0));
    }
  }
  return { data, width, height, factor };
}

/** The grey level at (x, y) between pixels, interpolated bilinearly; (x, y) must leave a pixel right and below. */
export function bilinear(grey: Grey, x: number, y: number): number {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  const i = y0 * grey.width + x0;
  const top = (grey.data[i] as number) * (1 - fx) + (grey.data[i + 1] as number) * fx;
  const bottom =
    (grey.data[i + grey.width] as number) * (1 - fx) + (grey.data[i + grey.width + 1] as number) * fx;
  return top * (1 - fy) + bottom * fy;
}
