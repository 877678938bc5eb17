// Image-forensic signals of a re-captured face (a print or a screen held up to the camera), computed
// on the face region of one RGB frame. They complement the anti-spoof and liveness models, which
// alone separate poorly on ordinary photographs (research/face.md: median `real` 0.715 on genuine
// photos). Each signal has a physical reason:
// - periodicity: halftone dots and LCD sub-pixel grids are periodic; re-captured they leave isolated
//   peaks in the face's spectrum, while skin texture falls off smoothly with frequency.
// - chroma ripple: an LCD grid aliased by the camera sensor shows as coloured fringes (colour moiré);
//   skin has little high-frequency chroma.
import type { FaceImage, PixelBox } from "../face/inference-protocol.js";

export interface ForensicSignals {
  /** Strongest isolated mid/high-frequency spectral peak over the local spectral level (log ratio). */
  periodicity: number;
  /**
   * The same peak measure on a native-resolution window (no resampling) centred on the face, as wide as
   * the face box and at least 64 px: a small face in a held print or phone is upsampled by the face
   * patch, which moves a halftone or pixel-grid peak below the measured band; at native resolution the
   * peak stays where the camera sampled it, and the window takes in the picture around a small face.
   * Measured only when asked for (the PASSIVE still: only its cues read it), null otherwise.
   */
  nativePeriodicity: number | null;
  /** High-pass chroma energy over high-pass luma energy of the face region. */
  chromaRipple: number;
}

const PATCH = 128;

export function measureForensics(
  image: FaceImage,
  box: PixelBox,
  options: { native?: boolean } = {},
): ForensicSignals {
  // The inner face (cheeks, nose, forehead): no hair or background edges to confuse the spectrum.
  const inner = {
    x: box.x + box.width * 0.2,
    y: box.y + box.height * 0.2,
    width: box.width * 0.6,
    height: box.height * 0.6,
  };
  const patch = resamplePatch(image, inner, PATCH);
  const faceLuma = patch.luma;
  // A face whose inner region is under PATCH pixels is upsampled by point sampling: above the source's
  // own Nyquist frequency (step × PATCH / 2 bins) the patch holds only the images of its spectrum that
  // the repeated pixels make, which peak at the resampling period, never a print's or a screen's.
  const step = Math.max(inner.width, inner.height) / PATCH;
  return {
    periodicity: spectralPeakiness(faceLuma, PATCH, { maxRadius: (Math.min(1, step) * PATCH) / 2 }),
    nativePeriodicity: options.native ? nativePeriodicity(image, box) : null,
    chromaRipple: chromaRipple(patch, PATCH),
  };
}

/**
 * Luma of pixel `i`. Only the pixels a signal reads are converted, into the Float32Array that holds them
 * (the frame's whole luma plane was 1.2 MB a frame of garbage, issue 18); the same float32 values.
 */
function lumaAt(data: Uint8Array, i: number): number {
  return (
    0.299 * (data[i * 3] as number) +
    0.587 * (data[i * 3 + 1] as number) +
    0.114 * (data[i * 3 + 2] as number)
  );
}

interface Patch {
  luma: Float32Array;
  cr: Float32Array;
  cb: Float32Array;
}

/**
 * Point-samples the region onto size × size without low-pass filtering: the periodic structure of a
 * re-capture is exactly what a smoothing resize would erase.
 */
function resamplePatch(image: FaceImage, region: PixelBox, size: number): Patch {
  const luma = new Float32Array(size * size);
  const cr = new Float32Array(size * size);
  const cb = new Float32Array(size * size);
  const step = Math.max(region.width, region.height) / size;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const sx = Math.min(image.width - 1, Math.max(0, Math.round(region.x + x * step)));
      const sy = Math.min(image.height - 1, Math.max(0, Math.round(region.y + y * step)));
      const i = (sy * image.width + sx) * 3;
      const r = image.data[i] as number;
      const g = image.data[i + 1] as number;
      const b = image.data[i + 2] as number;
      const k = y * size + x;
      luma[k] = 0.299 * r + 0.587 * g + 0.114 * b;
      cr[k] = r - g;
      cb[k] = b - g;
    }
  }
  return { luma, cr, cb };
}

function nativePeriodicity(image: FaceImage, box: PixelBox): number {
  const { width, height } = image;
  const size = Math.min(box.width, box.height) >= 100 ? 128 : 64;
  if (width < size || height < size) return 0;
  const x0 = Math.round(Math.min(width - size, Math.max(0, box.x + box.width / 2 - size / 2)));
  const y0 = Math.round(Math.min(height - size, Math.max(0, box.y + box.height / 2 - size / 2)));
  const window = new Float32Array(size * size);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) window[y * size + x] = lumaAt(image.data, (y0 + y) * width + x0 + x);
  }
  return spectralPeakiness(window, size, { skipJpegGrid: true });
}

interface PeakBand {
  /** Native pixels: leave out the bins at multiples of 1/8 cycle per pixel and their neighbours. */
  skipJpegGrid?: boolean;
  /** Highest radius (bins) measured, below size / 2 when the values were upsampled. */
  maxRadius?: number;
}

/**
 * log(peak / median) of the spectrum magnitude in the band 1/8..1/2 of the sampling rate (or up to
 * `maxRadius`). With `skipJpegGrid` (native pixels), the bins at multiples of 1/8 cycle per pixel and
 * their neighbours are left out: JPEG's 8×8 block edges put peaks exactly there in any compressed photograph.
 */
function spectralPeakiness(values: Float32Array, size: number, band: PeakBand = {}): number {
  const skipJpegGrid = band.skipJpegGrid ?? false;
  const maxRadius = Math.min(size / 2, band.maxRadius ?? size / 2);
  const re = new Float64Array(size * size);
  const im = new Float64Array(size * size);
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  // Hann window: the patch edges would otherwise add a cross of spurious energy.
  const hann = hannWindow(size);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const w = (hann[x] as number) * (hann[y] as number);
      re[y * size + x] = ((values[y * size + x] as number) - mean) * w;
    }
  }
  fft2d(re, im, size);
  const bins = bandBins(size, maxRadius, skipJpegGrid);
  // A face so small that no band is left (inner region under a quarter of PATCH) carries no trace.
  if (bins.index.length === 0) return 0;
  const magnitudes = new Float64Array(bins.index.length);
  let peak = 0;
  for (let n = 0; n < bins.index.length; n++) {
    const k = bins.index[n] as number;
    // Whiten by radius: natural images fall off roughly as 1/f.
    const magnitude = Math.hypot(re[k] as number, im[k] as number) * (bins.radius[n] as number);
    magnitudes[n] = magnitude;
    if (magnitude > peak) peak = magnitude;
  }
  // A typed array sorts numerically, as the comparator (a, b) => a − b did, without calling one.
  magnitudes.sort();
  const median = magnitudes[Math.floor(magnitudes.length / 2)] ?? 1;
  return Math.log(peak / Math.max(median, 1e-6));
}

interface BandBins {
  /** Index into the size × size spectrum of each measured bin, in the order they were always visited. */
  index: Int32Array;
  /** Its radius in bins (Math.hypot of the signed frequencies). */
  radius: Float64Array;
}

const bandTables = new Map<string, BandBins>();

/** The bins spectralPeakiness measures, computed once per size and band (issue 18: it ran per frame). */
function bandBins(size: number, maxRadius: number, skipJpegGrid: boolean): BandBins {
  const key = `${size} ${maxRadius} ${skipJpegGrid}`;
  let table = bandTables.get(key);
  if (!table) {
    const index: number[] = [];
    const radii: number[] = [];
    for (let v = 0; v < size; v++) {
      for (let u = 0; u < size / 2; u++) {
        const fu = u;
        const fv = v < size / 2 ? v : v - size;
        const radius = Math.hypot(fu, fv);
        if (radius < size / 8 || radius > maxRadius) continue;
        if (skipJpegGrid && onBlockGrid(fu, size) && onBlockGrid(fv, size)) continue;
        index.push(v * size + u);
        radii.push(radius);
      }
    }
    table = { index: Int32Array.from(index), radius: Float64Array.from(radii) };
    // maxRadius follows the face's size, so the keys are few; a bound keeps a stream of odd sizes cheap.
    if (bandTables.size >= 256) bandTables.clear();
    bandTables.set(key, table);
  }
  return table;
}

function onBlockGrid(frequency: number, size: number): boolean {
  const cell = size / 8;
  const offset = Math.abs(frequency) % cell;
  return offset <= 1 || offset >= cell - 1;
}

function chromaRipple(patch: Patch, size: number): number {
  const high = (values: Float32Array) => {
    let energy = 0;
    for (let y = 1; y < size - 1; y++) {
      for (let x = 1; x < size - 1; x++) {
        const k = y * size + x;
        const lap =
          4 * (values[k] as number) -
          (values[k - 1] as number) -
          (values[k + 1] as number) -
          (values[k - size] as number) -
          (values[k + size] as number);
        energy += lap * lap;
      }
    }
    return energy;
  };
  return (high(patch.cr) + high(patch.cb)) / Math.max(high(patch.luma), 1);
}

const hannWindows = new Map<number, Float64Array>();

/** One side of the 2D Hann window, computed once per size (the same values the window always had). */
function hannWindow(size: number): Float64Array {
  let window = hannWindows.get(size);
  if (!window) {
    window = new Float64Array(size);
    for (let x = 0; x < size; x++) window[x] = 0.5 - 0.5 * Math.cos((2 * Math.PI * x) / (size - 1));
    hannWindows.set(size, window);
  }
  return window;
}

const twiddleTables = new Map<number, { cos: Float64Array; sin: Float64Array }>();

/** cos and sin of (−2π / len) × j for j < len / 2, computed once per length. */
function twiddles(len: number): { cos: Float64Array; sin: Float64Array } {
  let table = twiddleTables.get(len);
  if (!table) {
    const angle = (-2 * Math.PI) / len;
    table = { cos: new Float64Array(len / 2), sin: new Float64Array(len / 2) };
    for (let j = 0; j < len / 2; j++) {
      table.cos[j] = Math.cos(angle * j);
      table.sin[j] = Math.sin(angle * j);
    }
    twiddleTables.set(len, table);
  }
  return table;
}

/** In-place radix-2 2D FFT (size a power of two). */
function fft2d(re: Float64Array, im: Float64Array, size: number): void {
  const rowRe = new Float64Array(size);
  const rowIm = new Float64Array(size);
  for (let pass = 0; pass < 2; pass++) {
    for (let a = 0; a < size; a++) {
      for (let b = 0; b < size; b++) {
        const k = pass === 0 ? a * size + b : b * size + a;
        rowRe[b] = re[k] as number;
        rowIm[b] = im[k] as number;
      }
      fft1d(rowRe, rowIm);
      for (let b = 0; b < size; b++) {
        const k = pass === 0 ? a * size + b : b * size + a;
        re[k] = rowRe[b] as number;
        im[k] = rowIm[b] as number;
      }
    }
  }
}

function fft1d(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      const r = re[i] as number;
      re[i] = re[j] as number;
      re[j] = r;
      const m = im[i] as number;
      im[i] = im[j] as number;
      im[j] = m;
    }
  }
  for (let len = 2; len <= n; len <<= 1) {
    const table = twiddles(len);
    for (let i = 0; i < n; i += len) {
      for (let j = 0; j < len / 2; j++) {
        const wr = table.cos[j] as number;
        const wi = table.sin[j] as number;
        const a = i + j;
        const b = a + len / 2;
        const xr = (re[b] as number) * wr - (im[b] as number) * wi;
        const xi = (re[b] as number) * wi + (im[b] as number) * wr;
        re[b] = (re[a] as number) - xr;
        im[b] = (im[a] as number) - xi;
        re[a] = (re[a] as number) + xr;
        im[a] = (im[a] as number) + xi;
      }
    }
  }
}
