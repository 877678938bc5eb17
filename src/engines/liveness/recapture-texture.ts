// A learned re-capture cue for the PASSIVE still: the colour texture of the face at the camera's own
// pixels. A print or a screen photographed again loses the skin's fine texture to the instrument's
// resolution and gains its own (paper grain, averaged halftone, sub-pixel beats), and its colours pass
// through the instrument's gamut and the lamp's light. Where no single physical cue is strong (a print
// framed inside its paper, a screen filling the frame: no edge, no visible halftone, no moiré), their
// combination still differs from a live face's.
//
// The features are rotation-invariant uniform local binary patterns (8 neighbours at distance 1 and 2)
// of luma, both chroma channels and saturation on a native-pixel window of the inner face (no
// resampling: an enlarged small face would show the scaler's texture, not the capture's), plus the
// face's colour and tone statistics and a sharpness-over-noise measure. A logistic model over them
// (recapture-texture-model.ts) is fitted by scripts/train-recapture-texture.ts on the tune split of the
// labelled attack set.
import type { FaceImage, PixelBox } from "./frame-types.js";
import { BIAS, CLIP, MEAN, SCALE, WEIGHTS } from "./recapture-texture-model.js";

/** The native-pixel window's largest side: larger inner faces are cut, never scaled. */
const MAX_WINDOW = 160;
/** Below this the inner face holds too few pixels for a texture histogram. */
const MIN_WINDOW = 24;
const BINS = 10;

/** A logistic model over the features: standardised, clipped, weighted. */
export interface TextureModel {
  mean: readonly number[];
  scale: readonly number[];
  weights: readonly number[];
  bias: number;
  clip: number;
}

const FITTED: TextureModel = { mean: MEAN, scale: SCALE, weights: WEIGHTS, bias: BIAS, clip: CLIP };

/** 0..1, how much the face's texture looks re-captured; null when the face is too small to measure. */
export function recaptureTextureScore(image: FaceImage, box: PixelBox): number | null {
  const features = recaptureTextureFeatures(image, box);
  return features && scoreTexture(features);
}

/** The model's probability of a re-capture for these features (the fitted model unless another is given). */
export function scoreTexture(features: readonly number[], model: TextureModel = FITTED): number {
  let logit = model.bias;
  for (let k = 0; k < features.length; k++) {
    const z = ((features[k] as number) - (model.mean[k] as number)) / (model.scale[k] as number);
    logit += (model.weights[k] as number) * Math.max(-model.clip, Math.min(model.clip, z));
  }
  return 1 / (1 + Math.exp(-logit));
}

export function recaptureTextureFeatures(image: FaceImage, box: PixelBox): number[] | null {
  const window = innerWindow(image, box);
  if (!window) return null;
  const channels = channelsOf(image, window);
  const features: number[] = [];
  for (const values of [channels.luma, channels.cb, channels.cr, channels.saturation]) {
    features.push(...uniformPatterns(values, window.width, window.height, 1));
    features.push(...uniformPatterns(values, window.width, window.height, 2));
  }
  const face = clampBox(image, box);
  const faceChannels = channelsOf(image, face, 2);
  const luma = Float32Array.from(faceChannels.luma).sort();
  features.push(quantile(luma, 0.02), quantile(luma, 0.5), quantile(luma, 0.98));
  for (const values of [faceChannels.cb, faceChannels.cr, faceChannels.saturation]) {
    const [mean, sd] = meanAndSd(values);
    features.push(mean, sd);
  }
  const frame = channelsOf(image, { x: 0, y: 0, width: image.width, height: image.height }, 4);
  const frameLuma = Float32Array.from(frame.luma).sort();
  features.push(quantile(frameLuma, 0.02), quantile(frameLuma, 0.98));
  features.push(...sharpness(channels.luma, window.width, window.height));
  return features;
}

interface Window {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The inner face (cheeks, nose, forehead), at most MAX_WINDOW pixels a side around its centre. */
function innerWindow(image: FaceImage, box: PixelBox): Window | null {
  const inner = clampBox(image, {
    x: box.x + box.width * 0.2,
    y: box.y + box.height * 0.2,
    width: box.width * 0.6,
    height: box.height * 0.6,
  });
  const width = Math.min(MAX_WINDOW, inner.width);
  const height = Math.min(MAX_WINDOW, inner.height);
  if (width < MIN_WINDOW || height < MIN_WINDOW) return null;
  return {
    x: inner.x + Math.floor((inner.width - width) / 2),
    y: inner.y + Math.floor((inner.height - height) / 2),
    width,
    height,
  };
}

function clampBox(image: FaceImage, box: PixelBox): Window {
  const x = Math.max(0, Math.floor(box.x));
  const y = Math.max(0, Math.floor(box.y));
  return {
    x,
    y,
    width: Math.max(0, Math.min(image.width, Math.floor(box.x + box.width)) - x),
    height: Math.max(0, Math.min(image.height, Math.floor(box.y + box.height)) - y),
  };
}

interface Channels {
  luma: Float32Array;
  cb: Float32Array;
  cr: Float32Array;
  saturation: Float32Array;
}

/** JPEG's YCbCr and HSV saturation of the window's pixels (every `stride`-th pixel each way). */
function channelsOf(image: FaceImage, window: Window, stride = 1): Channels {
  const width = Math.ceil(window.width / stride);
  const height = Math.ceil(window.height / stride);
  const out = {
    luma: new Float32Array(width * height),
    cb: new Float32Array(width * height),
    cr: new Float32Array(width * height),
    saturation: new Float32Array(width * height),
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = ((window.y + y * stride) * image.width + window.x + x * stride) * 3;
      const r = image.data[i] as number;
      const g = image.data[i + 1] as number;
      const b = image.data[i + 2] as number;
      const k = y * width + x;
      out.luma[k] = 0.299 * r + 0.587 * g + 0.114 * b;
      out.cb[k] = 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
      out.cr[k] = 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;
      const max = Math.max(r, g, b);
      out.saturation[k] = max === 0 ? 0 : (255 * (max - Math.min(r, g, b))) / max;
    }
  }
  return out;
}

/** Neighbour offsets at Chebyshev distance `radius`, in circular order. */
function ring(radius: number): [number, number][] {
  return [
    [radius, 0],
    [radius, radius],
    [0, radius],
    [-radius, radius],
    [-radius, 0],
    [-radius, -radius],
    [0, -radius],
    [radius, -radius],
  ];
}

/**
 * Histogram (fractions) of rotation-invariant uniform patterns: the number of neighbours at least as
 * bright as the centre when the circle has at most two transitions (0..8), else one "non-uniform" bin.
 */
function uniformPatterns(values: Float32Array, width: number, height: number, radius: number): number[] {
  const histogram = new Array<number>(BINS).fill(0);
  const offsets = ring(radius).map(([dx, dy]) => dy * width + dx);
  let total = 0;
  for (let y = radius; y < height - radius; y++) {
    for (let x = radius; x < width - radius; x++) {
      const k = y * width + x;
      const centre = values[k] as number;
      let ones = 0;
      let transitions = 0;
      let previous = (values[k + (offsets[7] as number)] as number) >= centre;
      for (const offset of offsets) {
        const bit = (values[k + offset] as number) >= centre;
        if (bit) ones++;
        if (bit !== previous) transitions++;
        previous = bit;
      }
      const bin = transitions <= 2 ? ones : BINS - 1;
      histogram[bin] = (histogram[bin] as number) + 1;
      total++;
    }
  }
  return histogram.map((count) => count / Math.max(total, 1));
}

/**
 * Fine detail against the noise floor: mean |Laplacian| over mean |gradient|, and the median |Laplacian|
 * (the noise a flat patch of skin still shows), both on luma.
 */
function sharpness(luma: Float32Array, width: number, height: number): [number, number] {
  const laplacians = new Float32Array(Math.max(0, (width - 2) * (height - 2)));
  let count = 0;
  let laplacianSum = 0;
  let gradientSum = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const k = y * width + x;
      const c = luma[k] as number;
      const left = luma[k - 1] as number;
      const right = luma[k + 1] as number;
      const up = luma[k - width] as number;
      const down = luma[k + width] as number;
      const laplacian = Math.abs(4 * c - left - right - up - down);
      laplacians[count++] = laplacian;
      laplacianSum += laplacian;
      gradientSum += Math.abs(right - left) + Math.abs(down - up);
    }
  }
  laplacians.sort();
  return [laplacianSum / Math.max(gradientSum, 1), laplacians[laplacians.length >> 1] ?? 0];
}

function meanAndSd(values: Float32Array): [number, number] {
  let sum = 0;
  for (const v of values) sum += v;
  const mean = sum / Math.max(values.length, 1);
  let squares = 0;
  for (const v of values) squares += (v - mean) ** 2;
  return [mean, Math.sqrt(squares / Math.max(values.length, 1))];
}

function quantile(sorted: Float32Array, q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}
