// NFC_VERIFICATION's chip checks without the face engine: passive authentication (SOD parse, CMS signature,
// DS under the CSCA among a master list of N CSCAs, data-group hashes) per chip, against hashing the same data
// groups alone in the same run (baseline), plus active authentication (RSA ISO 9796-2) and a JPEG 2000 DG2
// portrait decoded to PNG. The chain is built with pkijs at start (P-256 keys).
// Run: node --import tsx bench/nfc-passive-auth.bench.ts   (NFC_CHIPS=N checks, default 200; NFC_CSCAS=N, 60)
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import sharp from "sharp";
import { verifyActiveAuthentication } from "../src/engines/nfc/active-authentication.js";
import { readDg15PublicKey } from "../src/engines/nfc/data-groups.js";
import { jpeg2000ToPng } from "../src/engines/nfc/decode-jpeg2000.js";
import { verifyPassiveAuthentication } from "../src/engines/nfc/passive-authentication.js";
import { toJpeg2000 } from "../test/engines/nfc/jpeg2000-encoder.js";
import {
  activeAuthenticationChip,
  dg1,
  dg2,
  issueCertificate,
  securityObject,
} from "../test/engines/nfc/passport-chip.js";
import { latencyRow, summarize } from "./support/latency-stats.js";

const CHIPS = Number(process.env.NFC_CHIPS ?? 200);
const CSCAS = Number(process.env.NFC_CSCAS ?? 60);
const FACE = new URL("../../shared/data/faces/deepface/img1.jpg", import.meta.url).pathname;
const MRZ = ["P<NPLSHARMA<<SITA<<<<<<<<<<<<<<<<<<<<<<<<<<<", "PA12345674NPL9001012F3501015<<<<<<<<<<<<<<00"];

async function time(runs: number, work: () => Promise<unknown> | unknown): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  return samples;
}

async function main() {
  const portrait = await sharp(await readFile(FACE))
    .resize(360)
    .jpeg({ quality: 80 })
    .toBuffer();
  const cscas = [];
  for (let i = 0; i < CSCAS - 1; i++) {
    cscas.push((await issueCertificate({ commonName: `CSCA ${i}`, country: "XX", ca: true })).certificate);
  }
  const csca = await issueCertificate({ commonName: "CSCA Nepal", ca: true });
  cscas.push(csca.certificate);
  const ds = await issueCertificate({ commonName: "DS", issuer: csca });
  const chip = activeAuthenticationChip();
  const groups = new Map([
    [1, dg1(MRZ)],
    [2, dg2(portrait)],
    [15, chip.dg15],
  ]);
  const sod = await securityObject(ds, groups);
  const trust = { cscas, crls: [] };
  const check = await verifyPassiveAuthentication({ sod, dataGroups: groups, trust });
  if (check.reasons.length > 0) throw new Error(`chain does not verify: ${check.reasons.join(", ")}`);

  const baseline = summarize(
    await time(CHIPS, () => {
      for (const bytes of groups.values()) createHash("sha256").update(bytes).digest();
    }),
  );
  const passive = summarize(
    await time(CHIPS, () => verifyPassiveAuthentication({ sod, dataGroups: groups, trust })),
  );
  const challenge = Buffer.from("0102030405060708", "hex");
  const answer = chip.sign(challenge);
  const key = readDg15PublicKey(chip.dg15);
  const active = summarize(await time(CHIPS, () => verifyActiveAuthentication(key, challenge, answer)));
  const j2k = await toJpeg2000(portrait);
  const decode = summarize(await time(Math.max(5, Math.round(CHIPS / 10)), () => jpeg2000ToPng(j2k)));

  console.log(
    `chip: DG1 ${groups.get(1)!.length} B, DG2 ${groups.get(2)!.length} B (JPEG), SOD ${sod.length} B;`,
  );
  console.log(`master list: ${CSCAS} CSCAs; JPEG 2000 portrait ${j2k.length} B (240 px wide)`);
  console.log(
    `${"".padEnd(34)}${"checks".padStart(8)}${"per s".padStart(10)}${"p50 ms".padStart(10)}${"p99 ms".padStart(10)}`,
  );
  console.log(latencyRow("baseline: hash the data groups", baseline, 34));
  console.log(latencyRow("passive authentication", passive, 34));
  console.log(latencyRow("active authentication (RSA 1024)", active, 34));
  console.log(latencyRow("JPEG 2000 DG2 → PNG", decode, 34));
  console.log(`passive authentication / baseline (p50): ${(passive.p50Ms / baseline.p50Ms).toFixed(0)}×`);
}

await main();
