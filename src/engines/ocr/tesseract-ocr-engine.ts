// OcrEngine on tesseract.js 7 (WASM). Language data comes from the @tesseract.js-data npm packages on
// local disk: nothing is fetched and, with cacheMethod "none", nothing is written (design: OCR).
// Workers are created lazily, once per language, and reused; each job holds its worker exclusively
// because page-segmentation and whitelist are per-worker parameters.

import { access, constants } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { BroadcastChannel } from "node:worker_threads";
import Tesseract from "tesseract.js";
import { AppError } from "../../platform/errors.js";
import type {
  OcrBox,
  OcrEngine,
  OcrLanguage,
  OcrLine,
  OcrResult,
  OcrWord,
  PageSegmentation,
  RecognizeOptions,
} from "./ocr-engine.js";

const require = createRequire(import.meta.url);

/** The worker script that captures the WASM core's stderr; src/ and dist/ both sit two levels down. */
const WORKER_PATH = fileURLToPath(
  new URL("../../../src/engines/ocr/tesseract-stderr-worker.cjs", import.meta.url),
);
const STDERR_CHANNEL = "kyc-tesseract-stderr";

const PSM: Record<PageSegmentation, string> = { auto: "3", block: "6", line: "7", sparse: "11" };

export interface TesseractOcrOptions {
  /** Workers per language; each is a WASM instance of ~100 MB. Default 1. */
  workersPerLanguage?: number;
  /** Override where `<lang>.traineddata.gz` files live (tests of the not-configured path). */
  langPaths?: Partial<Record<OcrLanguage, string>>;
  /** Where the core's stderr lines go (the service logs them at debug); default: dropped. */
  onNativeMessage?: (line: string) => void;
}

/** Folder holding `<lang>.traineddata.gz` inside the language's npm package (LSTM "best_int" model). */
export function resolveLanguageDataPath(lang: OcrLanguage): string {
  const packageJson = require.resolve(`@tesseract.js-data/${lang}/package.json`);
  return join(dirname(packageJson), "4.0.0_best_int");
}

interface PooledWorker {
  worker: Tesseract.Worker;
  busy: boolean;
}

class LanguagePool {
  private readonly workers: PooledWorker[] = [];
  private readonly waiting: ((w: PooledWorker) => void)[] = [];
  private starting: Promise<void> | undefined;

  constructor(
    private readonly lang: OcrLanguage,
    private readonly size: number,
    private readonly langPath: string | undefined,
  ) {}

  private start(): Promise<void> {
    this.starting ??= (async () => {
      try {
        const langPath = this.langPath ?? resolveLanguageDataPath(this.lang);
        // tesseract.js never settles createWorker when the language file is missing: check first.
        await access(join(langPath, `${this.lang}.traineddata.gz`), constants.R_OK);
        for (let i = 0; i < this.size; i++) {
          const worker = await Tesseract.createWorker(this.lang, Tesseract.OEM.LSTM_ONLY, {
            langPath,
            workerPath: WORKER_PATH,
            cacheMethod: "none",
            gzip: true,
            // Without a handler tesseract.js rethrows worker failures as uncaught exceptions; the
            // rejected promise already carries the error to the caller.
            errorHandler: () => undefined,
          });
          this.workers.push({ worker, busy: false });
        }
      } catch (cause) {
        this.starting = undefined;
        await Promise.allSettled(this.workers.map((w) => w.worker.terminate()));
        this.workers.length = 0;
        throw new AppError("ocr_not_configured", {
          message: `OCR language data for "${this.lang}" could not be loaded`,
          cause,
        });
      }
    })();
    return this.starting;
  }

  async run<T>(job: (worker: Tesseract.Worker) => Promise<T>): Promise<T> {
    await this.start();
    const pooled = await this.acquire();
    try {
      return await job(pooled.worker);
    } finally {
      this.release(pooled);
    }
  }

  private acquire(): Promise<PooledWorker> {
    const free = this.workers.find((w) => !w.busy);
    if (free) {
      free.busy = true;
      return Promise.resolve(free);
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(pooled: PooledWorker): void {
    const next = this.waiting.shift();
    if (next) next(pooled);
    else pooled.busy = false;
  }

  async close(): Promise<void> {
    await this.starting?.catch(() => undefined);
    await Promise.allSettled(this.workers.map((w) => w.worker.terminate()));
    this.workers.length = 0;
  }
}

function toBox(bbox: Tesseract.Bbox): OcrBox {
  return { x: bbox.x0, y: bbox.y0, width: bbox.x1 - bbox.x0, height: bbox.y1 - bbox.y0 };
}

function toWord(word: Tesseract.Word, withSymbols: boolean): OcrWord {
  const out: OcrWord = { text: word.text, confidence: word.confidence, box: toBox(word.bbox) };
  if (withSymbols) {
    out.symbols = word.symbols.map((s) => ({ text: s.text, confidence: s.confidence, box: toBox(s.bbox) }));
  }
  return out;
}

function toResult(page: Tesseract.Page, withSymbols: boolean): OcrResult {
  const lines: OcrLine[] = [];
  for (const block of page.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const { x0, y0, x1, y1 } = line.baseline;
        lines.push({
          text: line.text.replace(/\n$/, ""),
          confidence: line.confidence,
          box: toBox(line.bbox),
          slopeDegrees: x1 === x0 ? 0 : (Math.atan2(y1 - y0, x1 - x0) * 180) / Math.PI,
          words: line.words.map((w) => toWord(w, withSymbols)),
        });
      }
    }
  }
  return { text: page.text, confidence: page.confidence, lines, words: lines.flatMap((l) => l.words) };
}

export function createTesseractOcrEngine(options: TesseractOcrOptions = {}): OcrEngine {
  const size = Math.max(1, options.workersPerLanguage ?? 1);
  const pools = new Map<OcrLanguage, LanguagePool>();
  let closed = false;
  const stderr = new BroadcastChannel(STDERR_CHANNEL);
  stderr.unref();
  stderr.onmessage = (event) => options.onNativeMessage?.(String((event as { data: unknown }).data));

  function poolFor(lang: OcrLanguage): LanguagePool {
    let pool = pools.get(lang);
    if (!pool) {
      pool = new LanguagePool(lang, size, options.langPaths?.[lang]);
      pools.set(lang, pool);
    }
    return pool;
  }

  return {
    async recognize(image: Buffer, opts: RecognizeOptions = {}): Promise<OcrResult> {
      if (closed) throw new AppError("ocr_not_configured", { message: "OCR engine is closed" });
      const withSymbols = opts.symbols ?? false;
      return poolFor(opts.lang ?? "eng").run(async (worker) => {
        await worker.setParameters({
          tessedit_pageseg_mode: PSM[opts.psm ?? "auto"] as Tesseract.PSM,
          tessedit_char_whitelist: opts.whitelist ?? "",
          // The images handed in are already scaled to the character size that reads best.
          user_defined_dpi: "300",
          preserve_interword_spaces: "1",
        });
        const { data } = await worker.recognize(image, {}, { text: true, blocks: true });
        return toResult(data, withSymbols);
      });
    },
    async close(): Promise<void> {
      closed = true;
      await Promise.all([...pools.values()].map((p) => p.close()));
      pools.clear();
      stderr.close();
    },
  };
}
