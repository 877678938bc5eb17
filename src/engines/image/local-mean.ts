// The mean of every pixel's (2r + 1)² neighbourhood, clipped at the image's edges, from one integral image:
// the local background that ink, strokes and glyphs are measured against (page skew, the MRZ locator, the
// signature's ink, a document's print cues).

/**
 * Each pixel's neighbourhood mean over a square of side 2r + 1 (fewer pixels at the edges). `out` chooses the
 * precision it is kept at (a Float32Array rounds each mean as the caller always has).
 */
export function localMean<T extends Float32Array | Float64Array>(
  values: ArrayLike<number>,
  width: number,
  height: number,
  r: number,
  out: T,
): T {
  const stride = width + 1;
  const integral = new Float64Array(stride * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += values[y * width + x]!;
      integral[(y + 1) * stride + x + 1] = integral[y * stride + x + 1]! + row;
    }
  }
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - r);
    const y1 = Math.min(height, y + r + 1);
    for (let x = 0; x < width; x++) {
      const x0 = Math.max(0, x - r);
      const x1 = Math.min(width, x + r + 1);
      const sum =
        integral[y1 * stride + x1]! -
        integral[y0 * stride + x1]! -
        integral[y1 * stride + x0]! +
        integral[y0 * stride + x0]!;
      out[y * width + x] = sum / ((y1 - y0) * (x1 - x0));
    }
  }
  return out;
}
