import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { before, describe, test } from "node:test";
import sharp from "sharp";
import { decodeImageField, MAX_IMAGE_BYTES } from "../../../src/engines/image/decode-image-field.js";
import { AppError } from "../../../src/platform/errors.js";

const portraitUrl = new URL("../../../../shared/data/faces/deepface/img1.jpg", import.meta.url);

function solid(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 10 } } });
}

async function rejectsWith(promise: Promise<unknown>, code: string, status: number) {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof AppError, `expected AppError, got ${String(error)}`);
    assert.equal(error.code, code);
    assert.equal(error.status, status);
    return true;
  });
}

/** Rewrites the SOF0 frame size of a baseline JPEG: a few bytes that declare a huge image. */
function withDeclaredJpegSize(jpeg: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(jpeg);
  for (let i = 2; i < out.length - 9; i++) {
    if (out[i] === 0xff && (out[i + 1] === 0xc0 || out[i + 1] === 0xc2)) {
      out.writeUInt16BE(height, i + 5);
      out.writeUInt16BE(width, i + 7);
      return out;
    }
  }
  throw new Error("no SOF marker");
}

describe("decodeImageField", () => {
  let jpeg: Buffer;
  let png: Buffer;
  before(async () => {
    jpeg = await solid(32, 24).jpeg().toBuffer();
    png = await solid(16, 16).png().toBuffer();
  });

  test("a raw base64 JPEG decodes to its bytes, type, size and an RGB buffer", async () => {
    const image = await decodeImageField(jpeg.toString("base64"), "image");
    assert.equal(image.mime, "image/jpeg");
    assert.deepEqual([image.width, image.height], [32, 24]);
    assert.equal(image.rgb.data.length, 32 * 24 * 3);
    assert.ok(image.bytes.equals(jpeg));
  });

  test("a data: URI has its prefix stripped", async () => {
    const image = await decodeImageField(`data:image/png;base64,${png.toString("base64")}`, "image");
    assert.equal(image.mime, "image/png");
    assert.deepEqual([image.rgb.width, image.rgb.height], [16, 16]);
  });

  test("the type comes from the content, not from the data: URI label", async () => {
    const image = await decodeImageField(`data:image/png;base64,${jpeg.toString("base64")}`, "image");
    assert.equal(image.mime, "image/jpeg");
  });

  test("a missing or empty field is <field>_required", async () => {
    await rejectsWith(decodeImageField(undefined, "image"), "image_required", 400);
    await rejectsWith(decodeImageField("", "reference"), "reference_required", 400);
    await rejectsWith(decodeImageField("data:image/jpeg;base64,", "probe"), "probe_required", 400);
  });

  test("a non-string value is invalid_<field>", async () => {
    await rejectsWith(decodeImageField(42, "image"), "invalid_image", 400);
  });

  test("text that is not base64 is invalid_<field>", async () => {
    await rejectsWith(decodeImageField("not base64 at all!!", "probe"), "invalid_probe", 400);
  });

  test("bytes that are no known image are invalid_<field>", async () => {
    await rejectsWith(
      decodeImageField(Buffer.from("hello world, plain text").toString("base64"), "image"),
      "invalid_image",
      400,
    );
  });

  test("a truncated JPEG is invalid_<field>", async () => {
    const photo = await readFile(portraitUrl);
    const truncated = photo.subarray(0, Math.floor(photo.length / 3));
    await rejectsWith(decodeImageField(truncated.toString("base64"), "reference"), "invalid_reference", 400);
  });

  test("more than 8 MB after decoding is invalid_<field>", async () => {
    const big = Buffer.alloc(MAX_IMAGE_BYTES + 1, 0);
    jpeg.copy(big);
    await rejectsWith(decodeImageField(big.toString("base64"), "image"), "invalid_image", 400);
  });

  for (const [name, make] of [
    ["WEBP", () => solid(8, 8).webp().toBuffer()],
    ["GIF", () => solid(8, 8).gif().toBuffer()],
    ["TIFF", () => solid(8, 8).tiff().toBuffer()],
    ["AVIF", () => solid(8, 8).avif().toBuffer()],
    ["HEIC", async () => heicSignature()],
    ["BMP", async () => bmp2x2()],
  ] as const) {
    test(`${name} is refused with 415 unsupported_image_type`, async () => {
      const bytes = await make();
      await rejectsWith(decodeImageField(bytes.toString("base64"), "image"), "unsupported_image_type", 415);
    });
  }

  test("EXIF orientation is applied: a landscape JPEG tagged 'rotate 90' comes out portrait", async () => {
    const tagged = await solid(40, 20).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const image = await decodeImageField(tagged.toString("base64"), "image");
    assert.deepEqual([image.width, image.height], [20, 40]);
    assert.deepEqual([image.rgb.width, image.rgb.height], [20, 40]);
  });

  test("a header declaring a giant image is refused before decoding (side limit)", async () => {
    const bomb = withDeclaredJpegSize(await solid(64, 64).jpeg().toBuffer(), 60_000, 60_000);
    await rejectsWith(decodeImageField(bomb.toString("base64"), "image"), "invalid_image", 400);
  });

  test("a header declaring more than 40 megapixels is refused before decoding", async () => {
    const bomb = withDeclaredJpegSize(await solid(64, 64).jpeg().toBuffer(), 10_000, 10_000);
    await rejectsWith(decodeImageField(bomb.toString("base64"), "image"), "invalid_image", 400);
  });

  test("a large photo keeps its full size but its RGB copy is downscaled", async () => {
    const photo = await readFile(portraitUrl);
    const image = await decodeImageField(photo.toString("base64"), "image", { rgbMaxSide: 512 });
    assert.ok(Math.max(image.rgb.width, image.rgb.height) === 512);
    assert.ok(Math.max(image.width, image.height) > 512);
    assert.ok(Math.abs(image.scale - image.rgb.width / image.width) < 1e-9);
  });
});

/** The first bytes of an ISO-BMFF HEIC file (ftyp box, brand heic): what a phone uploads. */
function heicSignature(): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write("ftypheic", 4, "latin1");
  ftyp.writeUInt32BE(0, 12);
  ftyp.write("mif1heic", 16, "latin1");
  return Buffer.concat([ftyp, Buffer.alloc(64)]);
}

/** A 2×2 24-bit BMP (sharp cannot write BMP). */
function bmp2x2(): Buffer {
  const rowBytes = 8; // 2 px × 3 bytes, padded to 4
  const pixels = rowBytes * 2;
  const out = Buffer.alloc(54 + pixels);
  out.write("BM", 0, "latin1");
  out.writeUInt32LE(out.length, 2);
  out.writeUInt32LE(54, 10);
  out.writeUInt32LE(40, 14);
  out.writeInt32LE(2, 18);
  out.writeInt32LE(2, 22);
  out.writeUInt16LE(1, 26);
  out.writeUInt16LE(24, 28);
  out.writeUInt32LE(pixels, 34);
  return out;
}
