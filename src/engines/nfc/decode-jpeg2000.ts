// JPEG 2000 facial images (ICAO allows them in DG2) decoded with OpenJPEG built to WebAssembly
// (@cornerstonejs/codec-openjpeg), then handed on as PNG so the face engine's usual decoder reads them.
import { createRequire } from "node:module";
import sharp from "sharp";

interface OpenJpegDecoder {
  getEncodedBuffer(length: number): Uint8Array;
  decode(): void;
  getDecodedBuffer(): Uint8Array;
  getFrameInfo(): { width: number; height: number; bitsPerSample: number; componentCount: number };
  delete(): void;
}
interface OpenJpegModule {
  J2KDecoder: new () => OpenJpegDecoder;
}

let codec: Promise<OpenJpegModule> | null = null;

function loadCodec(): Promise<OpenJpegModule> {
  // The package is an Emscripten CommonJS factory; it finds its .wasm beside itself.
  const require = createRequire(import.meta.url);
  const factory = require("@cornerstonejs/codec-openjpeg/decodewasmjs") as (options: {
    print(text: string): void;
    printErr(text: string): void;
  }) => Promise<OpenJpegModule>;
  // OpenJPEG narrates every header it reads on stdout; nothing of it is for the service's log.
  codec ??= factory({ print() {}, printErr() {} });
  return codec;
}

export async function jpeg2000ToPng(bytes: Buffer): Promise<Buffer> {
  const openjpeg = await loadCodec();
  const decoder = new openjpeg.J2KDecoder();
  try {
    decoder.getEncodedBuffer(bytes.length).set(bytes);
    decoder.decode();
    const info = decoder.getFrameInfo();
    if (info.bitsPerSample > 8) throw new Error("JPEG 2000 images over 8 bits per sample are not supported");
    const channels = info.componentCount as 1 | 3 | 4;
    const pixels = Buffer.from(decoder.getDecodedBuffer());
    return await sharp(pixels, { raw: { width: info.width, height: info.height, channels } })
      .png()
      .toBuffer();
  } finally {
    decoder.delete();
  }
}
