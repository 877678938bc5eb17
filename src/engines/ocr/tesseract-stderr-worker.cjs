// The tesseract.js worker with the WASM core's stderr captured: Leptonica prints diagnostics such as
// "Error in boxClipToRectangle: box outside rectangle" for harmless cases, which would otherwise land as raw
// lines in the service's JSON log. They are posted to the parent over a BroadcastChannel and logged there at
// debug level (tesseract-ocr-engine.ts). Plain CommonJS: it runs as a worker_threads script from src/ and dist/.
"use strict";
const { BroadcastChannel } = require("node:worker_threads");

const channel = new BroadcastChannel("kyc-tesseract-stderr");
channel.unref();
// The core binds console.error when it is loaded, which happens after this line (lazily, at the first job).
console.error = (...args) => channel.postMessage(args.map(String).join(" "));
require("tesseract.js/src/worker-script/node/index.js");
