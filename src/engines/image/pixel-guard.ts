// The one decoding-bomb guard every image intake passes (tools, session steps, references, import photos):
// the header is read before any pixel is decoded, and an image whose declared size is over the limit is
// refused as `invalid_<field>`. The limit is sized for what the engines do with full-resolution bytes: OCR
// preprocessing holds several full-size copies: measured on document-extract after warm-up, about 43 MB per
// megapixel (12 MP +520 MB, 20 MP +820 MB; the 40 MP PNG of issue 22 +1.7 GB). 16 megapixels still admits a
// 12 or 16 MP phone photo (4608 x 3456) and an A4 scan at 400 dpi (3307 x 4677).
import sharp, { type Metadata } from "sharp";

/** README: Limits — images up to 16 megapixels, neither side over 8192 pixels. */
export const MAX_IMAGE_PIXELS = 16_000_000;
export const MAX_IMAGE_SIDE = 8192;

export type HeaderProblem = "unreadable" | "no_dimensions" | "too_large";

export class ImageHeaderError extends Error {
  constructor(
    readonly problem: HeaderProblem,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "ImageHeaderError";
  }
}

/** Reads the header only; throws ImageHeaderError when it is unreadable or declares too many pixels. */
export async function readCheckedHeader(bytes: Buffer): Promise<Metadata> {
  let meta: Metadata;
  try {
    // metadata() parses the header only; the limit is applied below so the refusal can say why.
    meta = await sharp(bytes, { limitInputPixels: false, failOn: "error" }).metadata();
  } catch (cause) {
    throw new ImageHeaderError("unreadable", "image header could not be read", { cause });
  }
  const { width, height } = meta;
  if (!width || !height) throw new ImageHeaderError("no_dimensions", "image has no dimensions");
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS) {
    throw new ImageHeaderError(
      "too_large",
      `image dimensions ${width}x${height} exceed the limit (${MAX_IMAGE_PIXELS / 1_000_000} megapixels, ${MAX_IMAGE_SIDE} px a side)`,
    );
  }
  return meta;
}
