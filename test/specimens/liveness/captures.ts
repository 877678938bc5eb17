// Capture sets for the liveness tests and benchmarks, built from the real photographs in
// ../shared/data/faces/deepface: genuine (simulated) responses and the attacks of attacks.ts.
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { hexToRgb } from "../../../src/engines/liveness/flashing.js";
import type { CapturedFrame, FlashStep } from "../../../src/engines/liveness/liveness-types.js";
import { type Box, type FlashResponse, flashFrame, planarRotation } from "./attacks.js";
import { jpeg, type Raw, readRaw } from "./raw-image.js";

export const FACES_DIR = new URL("../../../../shared/data/faces/deepface/", import.meta.url);

export async function photoRaw(name: string, maxSide = 640): Promise<Raw> {
  return readRaw(await readFile(new URL(name, FACES_DIR)), maxSide);
}

export async function photoBytes(name: string): Promise<Buffer> {
  return jpeg(await photoRaw(name));
}

/** One frame in the middle of each flash step, lit as `response` describes; `order` reorders the colours shown. */
export async function flashCapture(
  source: Raw,
  face: Box,
  colors: FlashStep[],
  response: FlashResponse,
  order?: number[],
): Promise<CapturedFrame[]> {
  const frames: CapturedFrame[] = [];
  let start = 0;
  for (const [i, step] of colors.entries()) {
    const shown = colors[order ? (order[i] as number) : i] as FlashStep;
    const frame = flashFrame(source, face, hexToRgb(shown.color), response, i + 1);
    frames.push({ bytes: await jpeg(frame), t_ms: start + Math.round(step.duration_ms / 2) });
    start += step.duration_ms;
  }
  return frames;
}

/** A flat photo turned and tilted in front of the camera, one frame per pose. */
export async function planarSequence(source: Raw, poses: [number, number][]): Promise<CapturedFrame[]> {
  const frames: CapturedFrame[] = [];
  for (const [i, [yaw, pitch]] of poses.entries()) {
    frames.push({ bytes: await jpeg(planarRotation(source, yaw, pitch)), t_ms: i * 400 });
  }
  return frames;
}

const run = promisify(execFile);

/** A WebM (VP8) clip from stills, each shown `secondsEach`; null when ffmpeg is not installed. */
export async function clipFromStills(stills: Buffer[], secondsEach = 0.5): Promise<Buffer | null> {
  const dir = await mkdtemp(join(tmpdir(), "liveness-clip-"));
  try {
    for (const [i, bytes] of stills.entries())
      await writeFile(join(dir, `f${String(i).padStart(3, "0")}.jpg`), bytes);
    await run("ffmpeg", [
      ...["-hide_banner", "-v", "error", "-framerate", String(1 / secondsEach), "-i", join(dir, "f%03d.jpg")],
      ...[
        "-vf",
        "fps=8,scale=trunc(iw/2)*2:trunc(ih/2)*2",
        "-c:v",
        "libvpx",
        "-b:v",
        "1M",
        join(dir, "out.webm"),
      ],
    ]);
    return await readFile(join(dir, "out.webm"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Small shifts of a photo (hand-held jitter) so consecutive frames differ like a real clip. */
export async function jitteredStills(source: Raw, count: number): Promise<Buffer[]> {
  const out: Buffer[] = [];
  for (let i = 0; i < count; i++) {
    out.push(await jpeg(planarRotation(source, Math.sin(i) * 3, Math.cos(i) * 2, 80)));
  }
  return out;
}

/** An MP4 (H.264, as iOS Safari records) from stills; null when ffmpeg is not installed. */
export async function mp4FromStills(stills: Buffer[], secondsEach = 0.25): Promise<Buffer | null> {
  const dir = await mkdtemp(join(tmpdir(), "liveness-mp4-"));
  try {
    for (const [i, bytes] of stills.entries())
      await writeFile(join(dir, `f${String(i).padStart(3, "0")}.jpg`), bytes);
    await run("ffmpeg", [
      ...["-hide_banner", "-v", "error", "-framerate", String(1 / secondsEach), "-i", join(dir, "f%03d.jpg")],
      ...["-vf", "fps=8,scale=trunc(iw/2)*2:trunc(ih/2)*2", "-c:v", "libx264", "-pix_fmt", "yuv420p"],
      ...["-movflags", "+faststart", join(dir, "out.mp4")],
    ]);
    return await readFile(join(dir, "out.mp4"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
