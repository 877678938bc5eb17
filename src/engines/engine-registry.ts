// Engines are heavy (model weights, OCR workers): each is constructed once, on first use, and shared
// by every route, module and job of the process through Services.
import type { Logger } from "pino";
import sharp from "sharp";
import type { Config } from "../config.js";
import type { AmlEngine } from "./aml/aml-engine.js";
import { createConfiguredAmlEngine } from "./aml/aml-store-sync.js";
import { createDocumentEngine, type DocumentEngine } from "./document/document-engine.js";
import type { RgbImage } from "./document/portrait.js";
import { createFaceEngine, type FaceEngine } from "./face/face-engine.js";
import { createIpDatabases, type IpDatabases } from "./ip/ip-databases.js";
import { createLivenessEngine, type LivenessEngine } from "./liveness/liveness-engine.js";
import type { OcrEngine } from "./ocr/ocr-engine.js";
import { createTesseractOcrEngine } from "./ocr/tesseract-ocr-engine.js";
import { createSignatureEngine, type SignatureEngine } from "./signature/signature-engine.js";

export interface Engines {
  face(): Promise<FaceEngine>;
  ocr(): Promise<OcrEngine>;
  document(): Promise<DocumentEngine>;
  signature(): Promise<SignatureEngine>;
  /** The five liveness methods on the shared face models (never a second copy). */
  liveness(): Promise<LivenessEngine>;
  /** Faces in encoded image bytes, boxes in that image's (EXIF-oriented) pixels. */
  detectFaces(image: Buffer): Promise<{ box: { x: number; y: number; width: number; height: number } }[]>;
  /** AML screening (AML_PROVIDER): the built-in index kept by aml-store-sync.ts, or a yente client. */
  aml(): AmlEngine;
  /** Offline IP location and network data (files opened on first lookup). */
  ip(): IpDatabases;
  /**
   * Loads what a verification needs (face models, the English OCR worker and its data) so the first
   * applicant after a start does not wait for it; `kyc start` and `kyc serve` call it after listening.
   */
  warm(): Promise<void>;
  close(): Promise<void>;
}

export function createEngines(config: Config, log?: Logger): Engines {
  const made = new Map<string, Promise<unknown>>();
  const closers: (() => Promise<void>)[] = [];
  function once<T>(
    name: string,
    make: () => Promise<T>,
    close: (engine: T) => Promise<void>,
  ): () => Promise<T> {
    return () => {
      let pending = made.get(name) as Promise<T> | undefined;
      if (!pending) {
        pending = make();
        made.set(name, pending);
        pending.then(
          (engine) => closers.push(() => close(engine)),
          () => made.delete(name), // a failed load may be retried
        );
      }
      return pending;
    };
  }

  const face = once(
    "face",
    () => createFaceEngine({ size: 1 }),
    (engine) => engine.close(),
  );
  const ocr = once(
    "ocr",
    // Leptonica's stderr notes (e.g. "Error in boxClipToRectangle") are harmless: debug level, structured.
    async () =>
      createTesseractOcrEngine({
        onNativeMessage: (line) => log?.debug({ component: "ocr", native: line.trim() }, "tesseract stderr"),
      }),
    (engine) => engine.close(),
  );
  async function detectFacesInPixels(image: RgbImage) {
    return (await (await face()).infer({ image, want: {} })).faces;
  }
  async function detectFaces(image: Buffer) {
    const { data, info } = await sharp(image, { failOn: "none" })
      .rotate()
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return detectFacesInPixels({
      data: new Uint8Array(data.buffer, data.byteOffset, data.length),
      width: info.width,
      height: info.height,
    });
  }
  const document = once(
    "document",
    async () => createDocumentEngine({ ocr: await ocr(), detectFaces: detectFacesInPixels }),
    async () => {},
  );
  const signature = once(
    "signature",
    async () => createSignatureEngine({ detectFaces }),
    async () => {},
  );

  const liveness = once(
    "liveness",
    async () => createLivenessEngine(await face()),
    async () => {},
  );

  let amlEngine: AmlEngine | null = null;
  const aml = () => {
    amlEngine ??= createConfiguredAmlEngine(config);
    return amlEngine;
  };

  const ipDatabases = createIpDatabases(config.dataDir);

  async function warm(): Promise<void> {
    await Promise.all([face(), liveness(), document()]);
    // Tesseract starts its worker and reads the language data on the first page it is given.
    const blank = await sharp({ create: { width: 64, height: 32, channels: 3, background: "#ffffff" } })
      .png()
      .toBuffer();
    await (await ocr()).recognize(blank, { lang: "eng" });
  }

  return {
    face,
    liveness,
    warm,
    aml,
    ip: () => ipDatabases,
    ocr,
    document,
    signature,
    detectFaces,
    async close() {
      const pending = [...made.values()];
      await Promise.allSettled(pending);
      for (const close of closers.splice(0)) await close().catch(() => {});
      made.clear();
    },
  };
}
