#!/usr/bin/env node
// The compiled CLI (`npm run build` first; `npm start` does both).
import "../dist/cli/main.js";
