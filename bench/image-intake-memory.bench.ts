// Peak memory of POST /v3/tools/document-extract/ by image size (issue 22: a 40 MP PNG raised the process by
// 1.7 GB). Baseline: a 1 MP image in the same run; each size prints its peak RSS growth, time and the ratio to
// the baseline. The engine is warmed up first so its one-time load is not counted. 40 MP is refused now.
// Run: node --expose-gc --import tsx bench/image-intake-memory.bench.ts   (about a minute)
import sharp from "sharp";
import { createTestApp } from "../test/support/test-app.js";

const t = await createTestApp();
const tenant = await t.tenant({ credits: "1000" });

function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 240, g: 240, b: 235 } } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

async function measure(width: number, height: number) {
  const image = (await png(width, height)).toString("base64");
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const started = performance.now();
  const response = await t.app.inject({
    method: "POST",
    url: "/v3/tools/document-extract/",
    headers: tenant.headers,
    payload: { image_base64: image },
  });
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { status: response.statusCode, growthMb: (peak - before) / 1e6, ms: performance.now() - started };
}

await measure(1200, 800); // warm-up: loads the OCR workers and language data
const baseline = await measure(1224, 816);
console.log(
  `baseline 1.0 MP: status ${baseline.status}, +${baseline.growthMb.toFixed(0)} MB, ${baseline.ms.toFixed(0)} ms`,
);
for (const [width, height] of [
  [4032, 3024],
  [4608, 3456],
  [6400, 6250],
] as const) {
  const result = await measure(width, height);
  const mp = (width * height) / 1e6;
  console.log(
    `${mp.toFixed(1)} MP: status ${result.status}, +${result.growthMb.toFixed(0)} MB ` +
      `(x${(result.growthMb / Math.max(1, baseline.growthMb)).toFixed(1)} baseline), ${result.ms.toFixed(0)} ms`,
  );
}
await t.close();
process.exit(0);
