// Summarises a V8 .cpuprofile (node --cpu-prof) by self time: the top functions and the top files, so a
// profile can be read without a browser. Times are sampled CPU time of the profiled thread.
// Run: node scripts/cpuprofile-summary.mjs PROFILE.cpuprofile [--top N] [--filter substring]
import { readFileSync } from "node:fs";

const args = process.argv.slice(2);
const file = args.find((arg) => !arg.startsWith("--"));
if (!file) {
  console.error("usage: node scripts/cpuprofile-summary.mjs PROFILE.cpuprofile [--top N] [--filter text]");
  process.exit(2);
}
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : fallback;
};
const top = Number(option("--top", 30));
const filter = option("--filter", "");

const profile = JSON.parse(readFileSync(file, "utf8"));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const selfSamples = new Map();
for (const id of profile.samples) selfSamples.set(id, (selfSamples.get(id) ?? 0) + 1);
// Sample i lasted timeDeltas[i + 1] µs (the delta is recorded with the following sample).
const selfMicros = new Map();
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i];
  const delta = profile.timeDeltas[i + 1] ?? 0;
  selfMicros.set(id, (selfMicros.get(id) ?? 0) + Math.max(0, delta));
}
const total = [...selfMicros.values()].reduce((sum, value) => sum + value, 0);

const shortUrl = (url) => {
  if (!url) return "(native)";
  const cut = url.replace(/^file:\/\//, "");
  const at = cut.indexOf("node_modules/");
  if (at >= 0) return cut.slice(at + "node_modules/".length);
  const src = cut.search(/\/(src|bench|test|scripts)\//);
  return src >= 0 ? cut.slice(src + 1) : cut;
};
const byFunction = new Map();
const byFile = new Map();
const byPackage = new Map();
for (const [id, micros] of selfMicros) {
  const frame = nodes.get(id).callFrame;
  const where = shortUrl(frame.url);
  const fn = `${frame.functionName || "(anonymous)"}  ${where}:${frame.lineNumber + 1}`;
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + micros);
  byFile.set(where, (byFile.get(where) ?? 0) + micros);
  const pkg = frame.url.includes("node_modules/")
    ? where
        .split("/")
        .slice(0, where.startsWith("@") ? 2 : 1)
        .join("/")
    : where.startsWith("src/")
      ? where.split("/").slice(0, 3).join("/")
      : where.startsWith("node:") || !frame.url
        ? "(node/native)"
        : where;
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + micros);
}
const print = (title, map) => {
  console.log(`\n== ${title} (total ${(total / 1000).toFixed(1)} ms sampled) ==`);
  const rows = [...map].filter(([name]) => name.includes(filter)).sort((a, b) => b[1] - a[1]);
  for (const [name, micros] of rows.slice(0, top)) {
    console.log(
      `${(micros / 1000).toFixed(1).padStart(9)} ms ${((micros / total) * 100).toFixed(1).padStart(5)}%  ${name}`,
    );
  }
};
print("self time by package / source folder", byPackage);
print("self time by file", byFile);
print("self time by function", byFunction);
