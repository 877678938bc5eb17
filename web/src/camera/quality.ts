// Live quality feedback on a small copy of the frame: brightness (too dark / glare) and sharpness
// (variance of a Laplacian). Advisory only: the server's reading decides whether a capture is usable.
export type Quality = "too_dark" | "too_bright" | "blurry" | "good";

const SIDE = 160;
let canvas: HTMLCanvasElement | null = null;

export function measureQuality(video: HTMLVideoElement): Quality | null {
  const { videoWidth: w, videoHeight: h } = video;
  if (!w || !h) return null;
  canvas ??= document.createElement("canvas");
  const width = SIDE;
  const height = Math.max(1, Math.round((SIDE * h) / w));
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d", { willReadFrequently: true })!;
  context.drawImage(video, 0, 0, width, height);
  const { data } = context.getImageData(0, 0, width, height);
  const gray = new Float32Array(width * height);
  let sum = 0;
  let clipped = 0;
  for (let i = 0; i < gray.length; i++) {
    const value = 0.299 * data[i * 4]! + 0.587 * data[i * 4 + 1]! + 0.114 * data[i * 4 + 2]!;
    gray[i] = value;
    sum += value;
    if (value > 250) clipped++;
  }
  const mean = sum / gray.length;
  if (mean < 45) return "too_dark";
  if (clipped / gray.length > 0.18 || mean > 225) return "too_bright";
  let lapSum = 0;
  let lapSq = 0;
  let n = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const lap = 4 * gray[i]! - gray[i - 1]! - gray[i + 1]! - gray[i - width]! - gray[i + width]!;
      lapSum += lap;
      lapSq += lap * lap;
      n++;
    }
  }
  const variance = lapSq / n - (lapSum / n) ** 2;
  return variance < 40 ? "blurry" : "good";
}
