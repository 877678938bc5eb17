// The hosted applicant pages: one small Preact bundle (JSX compiled by Vite's own transformer, no plugin),
// capture steps split into lazy chunks, a Devanagari web-font subset for Nepali. Served by
// src/web/serve-web-app.ts from web/dist.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { devanagariFont } from "./devanagari-font.js";

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "/",
  plugins: [devanagariFont()],
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    assetsDir: "flow-assets",
    target: ["chrome109", "firefox115", "safari15"],
    sourcemap: false,
    reportCompressedSize: true,
  },
});
