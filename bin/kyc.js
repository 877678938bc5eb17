#!/usr/bin/env node
// The compiled CLI (`npm run build` first; `npm start` does both).
import { enableCompileCache } from "node:module";

// V8 keeps the compiled code of every module it loads (in the OS temp directory, checked against each
// file's contents): a start after the first skips parsing and compiling the server's module graph,
// which otherwise costs seconds (issue 18: `npm start` ≤ 5 s).
enableCompileCache();
await import("../dist/cli/main.js");
