// Clip decoding with Debian's ffmpeg as a child process (design: video — ffmpeg when present).
// ffmpeg may be missing on a fresh machine: it is looked up at run time, never assumed; callers
// answer video_verified: false (PASSIVE) or 503 (PASSIVE_VIDEO) without it.
import { execFile, spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FaceImage } from "./frame-types.js";

export interface DecodedFrame {
  /** RGB pixels of the frame, as ffmpeg decoded and scaled it. */
  rgb: FaceImage;
  t_ms: number;
}

let ffmpegPath: Promise<string | null> | null = null;

/** The ffmpeg executable on PATH, or null; looked up once per process. */
export function findFfmpeg(): Promise<string | null> {
  ffmpegPath ??= new Promise((resolve) => {
    execFile("ffmpeg", ["-hide_banner", "-version"], { timeout: 10_000 }, (error) =>
      resolve(error ? null : "ffmpeg"),
    );
  });
  return ffmpegPath;
}

export class ClipDecodeError extends Error {}

/**
 * Up to `count` frames spread over the clip at `fps`, scaled to at most 640 px wide. Throws
 * ClipDecodeError when ffmpeg cannot read the bytes (not a video, truncated, unknown codec).
 */
export async function decodeClipFrames(
  ffmpeg: string,
  clip: Buffer,
  options: { count: number; fps?: number; timeoutMs?: number },
): Promise<DecodedFrame[]> {
  const fps = options.fps ?? 4;
  // A file, not a pipe: MP4 keeps its index at the end and ffmpeg must seek to read it.
  const dir = await mkdtemp(join(tmpdir(), "liveness-clip-"));
  try {
    const input = join(dir, "clip");
    await writeFile(input, clip);
    const args = [
      ...["-hide_banner", "-nostdin", "-v", "error", "-i", input],
      ...["-vf", `fps=${fps},scale='min(640,iw)':-2`, "-frames:v", String(options.count)],
      // PPM: the RGB pixels behind a one-line header, no compression on either side (PNG cost ffmpeg
      // twice the CPU of the decoding itself, and sharp decoded it again).
      ...["-f", "image2pipe", "-vcodec", "ppm", "pipe:1"],
    ];
    const output = await run(ffmpeg, args, options.timeoutMs ?? 30_000);
    const frames = splitPpmStream(output).map((rgb, index) => ({
      rgb,
      t_ms: Math.round((index * 1000) / fps),
    }));
    if (frames.length === 0) throw new ClipDecodeError("the clip has no decodable frames");
    return frames;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function run(command: string, args: string[], timeoutMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    const chunks: Buffer[] = [];
    let stderr = "";
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(new ClipDecodeError(error.message));
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      const out = Buffer.concat(chunks);
      // A truncated clip may still yield its first frames with a non-zero exit: keep what decoded.
      if (code !== 0 && out.length === 0)
        reject(new ClipDecodeError(stderr.trim() || `ffmpeg exited ${code}`));
      else resolve(out);
    });
  });
}

/**
 * Splits concatenated binary PPM (P6, 8-bit) images: "P6", width, height and maxval as whitespace-separated
 * decimals, one whitespace byte, then width × height × 3 bytes. A truncated last image is dropped.
 */
function splitPpmStream(stream: Buffer): FaceImage[] {
  const frames: FaceImage[] = [];
  let at = 0;
  while (at < stream.length) {
    const header: number[] = [];
    if (stream.toString("latin1", at, at + 2) !== "P6") break;
    at += 2;
    while (header.length < 3 && at < stream.length) {
      while (at < stream.length && isSpace(stream[at] as number)) at++;
      let value = 0;
      let digits = 0;
      while (at < stream.length && (stream[at] as number) >= 0x30 && (stream[at] as number) <= 0x39) {
        value = value * 10 + (stream[at] as number) - 0x30;
        at++;
        digits++;
      }
      if (digits === 0) return frames;
      header.push(value);
    }
    if (header.length < 3) break;
    const [width, height, maxval] = header as [number, number, number];
    at++; // the single whitespace byte after maxval
    const size = width * height * 3;
    if (maxval !== 255 || at + size > stream.length) break;
    const data = new Uint8Array(stream.buffer, stream.byteOffset + at, size);
    frames.push({ data, width, height });
    at += size;
  }
  return frames;
}

function isSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

/**
 * The evidence copy of a clip as WebM (spec: videos are WebM): iOS Safari records MP4 (H.264), which
 * is judged as it is and re-encoded here to VP8 at most 640 px wide. Throws ClipDecodeError when
 * ffmpeg cannot read or re-encode it.
 */
export async function transcodeToWebm(
  ffmpeg: string,
  clip: Buffer,
  options: { timeoutMs?: number } = {},
): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), "liveness-webm-"));
  try {
    const input = join(dir, "clip");
    await writeFile(input, clip);
    const args = [
      ...["-hide_banner", "-nostdin", "-v", "error", "-i", input, "-an"],
      ...["-vf", "scale='min(640,iw)':-2", "-c:v", "libvpx", "-deadline", "realtime", "-b:v", "900k"],
      ...["-f", "webm", "pipe:1"],
    ];
    const output = await run(ffmpeg, args, options.timeoutMs ?? 60_000);
    if (output.length === 0) throw new ClipDecodeError("the clip could not be re-encoded");
    return output;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
