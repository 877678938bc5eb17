// Builds web/dist when any source is newer than the last build (the e2e tests call this under a lock,
// so parallel test files share one build instead of racing on emptyOutDir).
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";

const root = fileURLToPath(new URL(".", import.meta.url));

function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

let built = 0;
try {
  built = statSync(join(root, "dist/index.html")).mtimeMs;
} catch {}
const sources = Math.max(
  newest(join(root, "src")),
  newest(join(root, "index.html")),
  newest(join(root, "vite.config.ts")),
  newest(join(root, "devanagari-font.ts")),
);
// The test runner sets NODE_ENV=test, which would make Vite emit the development JSX runtime (source
// paths in the bundle); the tests drive the bundle `npm start` serves.
process.env.NODE_ENV = "production";
if (sources > built) await build({ configFile: join(root, "vite.config.ts"), logLevel: "warn" });
