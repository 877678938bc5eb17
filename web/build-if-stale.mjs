// Builds web/dist (the hosted page) and console/dist (the operator console) when any of their sources is
// newer than the last build (the e2e tests call this under a lock, so parallel test files share one build
// instead of racing on emptyOutDir).
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";

const project = fileURLToPath(new URL("..", import.meta.url));
const APPS = [
  { root: join(project, "web"), sources: ["src", "index.html", "vite.config.ts", "devanagari-font.ts"] },
  { root: join(project, "console"), sources: ["src", "index.html", "vite.config.ts"] },
];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

// The test runner sets NODE_ENV=test, which would make Vite emit the development JSX runtime (source
// paths in the bundle); the tests drive the bundle `npm start` serves.
process.env.NODE_ENV = "production";
for (const app of APPS) {
  const built = newest(join(app.root, "dist/index.html"));
  const sources = Math.max(...app.sources.map((name) => newest(join(app.root, name))));
  if (sources > built) await build({ configFile: join(app.root, "vite.config.ts"), logLevel: "warn" });
}
