// `kyc ip update FILE`: a newer city or ASN database replaces the one in use. The file is opened and
// queried exactly as a lookup would before anything is replaced; it then lands in DATA_DIR/ip-data under
// the name of what it holds (written beside the target and renamed, so a reader never sees half a file).
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Reader } from "maxmind";
import { parseAsnCsv } from "./asn-table.js";
import { parseIp } from "./ip-address.js";
import { INSTALLED_NAMES, type IpDataKind, ipDataDir } from "./ip-data-files.js";
import { asnRecordOf, cityRecordOf, ipToBigInt, looksLikeIpv6Csv } from "./ip-databases.js";

/** Well-known, long-lived public addresses every complete database answers for (Google Public DNS). */
const PROBE = { 4: parseIp("8.8.8.8")!, 6: parseIp("2001:4860:4860::8888")! } as const;

export interface InstalledIpFile {
  kind: IpDataKind;
  covers: "both" | 4 | 6;
  file: string;
  rows?: number;
  built?: string;
  /** Installed files this one supersedes, removed. */
  removed: string[];
}

export async function installIpDataFile(dataDir: string, sourcePath: string): Promise<InstalledIpFile> {
  const bytes = await readFile(sourcePath);
  const found = sourcePath.toLowerCase().endsWith(".csv") ? inspectCsv(bytes) : inspectMmdb(bytes);
  const dir = ipDataDir(dataDir);
  await mkdir(dir, { recursive: true });
  const names = INSTALLED_NAMES[found.kind];
  const target = join(dir, names[found.covers]);
  const partial = `${target}.${process.pid}.partial`;
  await writeFile(partial, bytes);
  await rename(partial, target);
  // A combined file would shadow a per-version one and the other way round leaves a stale copy behind.
  const superseded = found.covers === "both" ? [names[4], names[6]] : [names.both];
  const removed: string[] = [];
  for (const name of superseded) {
    const path = join(dir, name);
    const existed = await rm(path).then(
      () => true,
      () => false,
    );
    if (existed) removed.push(name);
  }
  return { ...found, file: target, removed };
}

type Inspection = Omit<InstalledIpFile, "file" | "removed">;

function inspectCsv(bytes: Buffer): Inspection {
  const text = bytes.toString("utf8");
  const version = looksLikeIpv6Csv(text) ? 6 : 4;
  let table: ReturnType<typeof parseAsnCsv>;
  try {
    table = parseAsnCsv(text, version);
  } catch (error) {
    throw new Error(
      `Not an ASN CSV (start,end,asn,organisation with numeric bounds): ${(error as Error).message}`,
    );
  }
  if (!table.lookup(ipToBigInt(PROBE[version]))) {
    throw new Error(`The CSV has no network for ${PROBE[version].address}: refusing an incomplete table.`);
  }
  return { kind: "asn", covers: version, rows: table.rows };
}

function inspectMmdb(bytes: Buffer): Inspection {
  let reader: Reader<Record<string, unknown>>;
  try {
    reader = new Reader<Record<string, unknown>>(bytes);
  } catch (error) {
    throw new Error(`Not a MaxMind DB file: ${(error as Error).message}`);
  }
  const answer = (version: 4 | 6) => {
    try {
      return reader.get(PROBE[version].address);
    } catch {
      return null;
    }
  };
  const v4 = answer(4);
  const v6 = reader.metadata.ipVersion === 6 ? answer(6) : null;
  const kind: IpDataKind | null =
    asnRecordOf(v4) || asnRecordOf(v6)
      ? "asn"
      : cityRecordOf(v4)?.country || cityRecordOf(v6)?.country
        ? "city"
        : null;
  if (!kind) {
    throw new Error("The file gives neither a country nor an AS number for 8.8.8.8 or 2001:4860:4860::8888.");
  }
  const ok = (record: Record<string, unknown> | null) =>
    kind === "asn" ? asnRecordOf(record) !== null : Boolean(cityRecordOf(record)?.country);
  const covers = ok(v4) && ok(v6) ? "both" : ok(v4) ? 4 : 6;
  return { kind, covers, built: reader.metadata.buildEpoch.toISOString() };
}
