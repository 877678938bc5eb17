// The operator console: its own Preact bundle (same toolchain as web/), served by
// src/console/serve-console-app.ts from console/dist under /console/.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "/console/",
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    assetsDir: "assets",
    target: ["chrome109", "firefox115", "safari15"],
    sourcemap: false,
    reportCompressedSize: false,
  },
});
