// Offline IP lookups (ip-check, IP_ANALYSIS): the cost of opening each data file once (time and resident
// memory), then the whole analysis (parse, classify, city mmdb, ASN bisection, hosting rule) per address
// against parsing and classifying the address alone in the same run (baseline), as a ratio.
// Run: node --import tsx bench/ip-lookup.bench.ts   (about 15 s; IP_LOOKUPS=N to change the 50,000)
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { analyzeIp } from "../src/engines/ip/analyze-ip.js";
import { type ParsedIp, parseIp } from "../src/engines/ip/ip-address.js";
import { createIpDatabases } from "../src/engines/ip/ip-databases.js";
import { nonPublicKind } from "../src/platform/net/public-address.js";

const LOOKUPS = Number(process.env.IP_LOOKUPS ?? 50_000);

/** Deterministic spread of public-looking IPv4 and IPv6 addresses (a small LCG, no Math.random). */
function addresses(count: number): string[] {
  let state = 0x2545f491;
  const next = () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state;
  };
  const out: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const n = next();
    if (i % 4 === 3) {
      out.push(
        `2${(n >>> 20).toString(16).padStart(3, "0")}:${(n & 0xffff).toString(16)}::${(next() & 0xffff).toString(16)}`,
      );
    } else {
      out.push(`${(n >>> 24) % 223 || 1}.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`);
    }
  }
  return out;
}

async function main() {
  const databases = createIpDatabases(mkdtempSync(join(tmpdir(), "ip-bench-")));
  for (const [label, probe] of [
    ["IPv4 files", "8.8.8.8"],
    ["IPv6 files", "2001:4860:4860::8888"],
  ] as const) {
    const rss = process.memoryUsage().rss;
    const started = performance.now();
    await databases.lookup(parseIp(probe)!);
    console.log(
      `open ${label}: ${(performance.now() - started).toFixed(0)} ms, resident memory +${((process.memoryUsage().rss - rss) / 1e6).toFixed(0)} MB`,
    );
  }
  const texts = addresses(LOOKUPS);
  const parsed = texts.map((text) => parseIp(text)).filter((ip): ip is ParsedIp => ip !== null);

  let started = performance.now();
  let sink = 0;
  for (const text of texts) {
    const ip = parseIp(text);
    if (ip && nonPublicKind(ip.address) === null) sink += 1;
  }
  const baseline = (performance.now() - started) / texts.length;

  started = performance.now();
  let located = 0;
  for (const ip of parsed) {
    const analysis = await analyzeIp(databases, ip);
    if (analysis.country) located += 1;
  }
  const full = (performance.now() - started) / parsed.length;

  console.log(`addresses: ${parsed.length} (${sink} public, ${located} located)`);
  console.log(`baseline parse+classify: ${(baseline * 1000).toFixed(1)} µs per address`);
  console.log(
    `full analysis:           ${(full * 1000).toFixed(1)} µs per address (${(full / baseline).toFixed(1)}x baseline)`,
  );
}

await main();
