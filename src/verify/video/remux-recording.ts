// MediaRecorder writes WebM as a live stream: no duration and no cues, so players cannot show the length or
// seek. When Debian's ffmpeg is present (design: video), the joined recording is remuxed (`-c copy`, no
// re-encoding) to a file, which lets the muxer write both; without ffmpeg, or when it fails, the WebM is kept
// as recorded — still a valid file.
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findFfmpeg } from "../../engines/liveness/video-frames.js";

export async function remuxRecording(webm: Buffer, timeoutMs = 120_000): Promise<Buffer> {
  const ffmpeg = await findFfmpeg();
  if (!ffmpeg) return webm;
  const dir = await mkdtemp(join(tmpdir(), "video-call-"));
  try {
    const input = join(dir, "recorded.webm");
    const output = join(dir, "remuxed.webm");
    await writeFile(input, webm);
    const ok = await new Promise<boolean>((resolve) =>
      execFile(
        ffmpeg,
        ["-hide_banner", "-nostdin", "-v", "error", "-i", input, "-c", "copy", "-f", "webm", output],
        { timeout: timeoutMs },
        (error) => resolve(!error),
      ),
    );
    if (!ok) return webm;
    const remuxed = await readFile(output);
    return remuxed.length > 0 ? remuxed : webm;
  } catch {
    return webm;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
