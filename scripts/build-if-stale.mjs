// `npm start` builds only what changed since the last build (issue 18: a start with an up-to-date build
// must not spend 25 s recompiling). Each output — the server (dist/), the hosted page (web/dist) and the
// console (console/dist) — has its inputs hashed: file names and contents, so an edit, a new file, a deleted
// file or a changed lockfile triggers that output's build, while a checkout that only touches mtimes
// does not. The hashes are recorded in dist/.build-inputs.json after each successful build.
// Usage: node scripts/build-if-stale.mjs [--dry-run]   (prints what it would rebuild and exits 0)
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const STATE = join(ROOT, "dist/.build-inputs.json");
const node = process.execPath;
const tsc = join(ROOT, "node_modules/typescript/bin/tsc");
const vite = join(ROOT, "node_modules/vite/bin/vite.js");

/** What `npm run build` runs, split by output; each step's commands run in order. */
const STEPS = [
  {
    name: "server",
    output: "dist/cli/main.js",
    inputs: ["src", "tsconfig.json", "tsconfig.build.json", "package-lock.json"],
    commands: [[tsc, "-p", "tsconfig.build.json"]],
  },
  {
    name: "web",
    output: "web/dist/index.html",
    inputs: [
      "web/src",
      "web/index.html",
      "web/vite.config.ts",
      "web/devanagari-font.ts",
      "web/tsconfig.json",
      "package-lock.json",
    ],
    // web/src imports server files (the applicant step contract): those are inputs too.
    follow: "web/src",
    commands: [
      [tsc, "--noEmit", "-p", "web/tsconfig.json"],
      [vite, "build", "--config", "web/vite.config.ts", "--logLevel", "warn"],
    ],
  },
  {
    name: "console",
    output: "console/dist/index.html",
    inputs: [
      "console/src",
      "console/index.html",
      "console/vite.config.ts",
      "console/tsconfig.json",
      "package-lock.json",
    ],
    follow: "console/src",
    commands: [
      [tsc, "--noEmit", "-p", "console/tsconfig.json"],
      [vite, "build", "--config", "console/vite.config.ts", "--logLevel", "warn"],
    ],
  },
];

function filesUnder(path) {
  const full = join(ROOT, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full, { recursive: true })
    .map((name) => join(path, String(name)))
    .filter((name) => statSync(join(ROOT, name)).isFile());
}

const RELATIVE_IMPORT = /(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g;

/** Files outside `folder` that its sources import, transitively (relative imports; .js → .ts/.tsx). */
function importedFrom(folder) {
  const inside = resolve(ROOT, folder);
  const seen = new Set();
  const queue = filesUnder(folder).map((name) => resolve(ROOT, name));
  while (queue.length > 0) {
    const file = queue.pop();
    if (!/\.(ts|tsx|js|mjs)$/.test(file)) continue;
    for (const match of readFileSync(file, "utf8").matchAll(RELATIVE_IMPORT)) {
      const target = resolveSource(resolve(dirname(file), match[1]));
      if (!target || target.startsWith(inside) || seen.has(target)) continue;
      seen.add(target);
      queue.push(target);
    }
  }
  return [...seen].map((file) => relative(ROOT, file));
}

function resolveSource(path) {
  const candidates = [path, path.replace(/\.js$/, ".ts"), path.replace(/\.js$/, ".tsx"), `${path}.ts`];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

function fingerprint(step) {
  const files = new Set(step.inputs.flatMap(filesUnder));
  if (step.follow) for (const file of importedFrom(step.follow)) files.add(file);
  const hash = createHash("sha256");
  for (const file of [...files].sort()) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(ROOT, file)));
    hash.update("\0");
  }
  return hash.digest("hex");
}

function readState() {
  try {
    return JSON.parse(readFileSync(STATE, "utf8"));
  } catch {
    return {};
  }
}

const dryRun = process.argv.includes("--dry-run");
const state = readState();
const stale = [];
for (const step of STEPS) {
  const current = fingerprint(step);
  if (state[step.name] === current && existsSync(join(ROOT, step.output))) continue;
  stale.push(step.name);
  if (dryRun) continue;
  const started = Date.now();
  for (const command of step.commands) {
    const result = spawnSync(node, command, { cwd: ROOT, stdio: "inherit" });
    if (result.status !== 0) {
      console.error(`build of ${step.name} failed: ${command.slice(1).join(" ")}`);
      process.exit(result.status ?? 1);
    }
  }
  state[step.name] = current;
  mkdirSync(dirname(STATE), { recursive: true });
  writeFileSync(STATE, `${JSON.stringify(state, null, 2)}\n`);
  console.error(`built ${step.name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
if (dryRun) console.log(stale.length ? `stale: ${stale.join(", ")}` : "up to date");
