// JPEG 2000 test portraits, encoded with the encoder half of the same OpenJPEG WebAssembly build.
import { createRequire } from "node:module";
import sharp from "sharp";

interface Encoder {
  getDecodedBuffer(info: object): Uint8Array;
  setQuality(lossless: boolean, quality: number): void;
  encode(): void;
  getEncodedBuffer(): Uint8Array;
  delete(): void;
}

/** Encodes a JPEG 2000 codestream with the same OpenJPEG build (its encoder half). */
export async function toJpeg2000(jpeg: Buffer): Promise<Buffer> {
  const { data, info } = await sharp(jpeg)
    .resize(240)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const require = createRequire(import.meta.url);
  const openjpeg = await (
    require("@cornerstonejs/codec-openjpeg/wasmjs") as (
      options: object,
    ) => Promise<{ J2KEncoder: new () => Encoder }>
  )({ print() {}, printErr() {} });
  const encoder = new openjpeg.J2KEncoder();
  encoder
    .getDecodedBuffer({
      width: info.width,
      height: info.height,
      bitsPerSample: 8,
      componentCount: 3,
      isSigned: false,
      isUsingColorSpace: false,
    })
    .set(data);
  encoder.setQuality(false, 0);
  encoder.encode();
  const bytes = Buffer.from(encoder.getEncodedBuffer());
  encoder.delete();
  return bytes;
}
