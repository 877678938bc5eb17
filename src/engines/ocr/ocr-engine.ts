// The OCR engine interface: what document reading needs from a text recogniser.
// One real implementation (tesseract-ocr-engine.ts); callers get it constructed once and passed in.

/** Pixel rectangle in the coordinates of the image that was recognised. */
export interface OcrBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface OcrSymbol {
  text: string;
  /** 0..100, tesseract's own scale. */
  confidence: number;
  box: OcrBox;
}

export interface OcrWord {
  text: string;
  confidence: number;
  box: OcrBox;
  /** Present only when the recognise call asked for symbols. */
  symbols?: OcrSymbol[];
}

export interface OcrLine {
  text: string;
  confidence: number;
  box: OcrBox;
  /** Baseline slope in degrees (positive: the line descends to the right). */
  slopeDegrees: number;
  words: OcrWord[];
}

export interface OcrResult {
  text: string;
  confidence: number;
  lines: OcrLine[];
  words: OcrWord[];
}

/** Tesseract page segmentation modes the readers use. */
export type PageSegmentation = "auto" | "block" | "line" | "sparse";

export type OcrLanguage = "eng" | "nep";

export interface RecognizeOptions {
  /** Default "eng". */
  lang?: OcrLanguage;
  /** Default "auto". */
  psm?: PageSegmentation;
  /** Only these characters may be recognised (tesseract's char whitelist). */
  whitelist?: string;
  /** Return per-character boxes inside each word (the MRZ reader snaps them to its column grid). */
  symbols?: boolean;
}

export interface OcrEngine {
  recognize(image: Buffer, options?: RecognizeOptions): Promise<OcrResult>;
  /** Terminates the workers; the engine cannot be used afterwards. */
  close(): Promise<void>;
}
