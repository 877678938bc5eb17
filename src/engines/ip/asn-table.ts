// An IP → autonomous system table read from the numeric CSV the `@ip-location-db/asn` package ships
// (`start,end,asn,organisation`, inclusive ranges sorted by start). Kept as typed arrays and a
// de-duplicated organisation list (the ~412k IPv4 rows keep about 20 MB), searched by bisection.

export interface AsnRecord {
  asn: number;
  org: string | null;
}

export interface AsnTable {
  rows: number;
  lookup(address: bigint): AsnRecord | null;
}

const MASK_64 = (1n << 64n) - 1n;

/** Parses the whole file; throws on a malformed or unsorted row (so a bad update is refused). */
export function parseAsnCsv(text: string, version: 4 | 6): AsnTable {
  const lines = text.split("\n");
  const count = lines.filter((line) => line.length > 0).length;
  const startsHigh = new BigUint64Array(count);
  const startsLow = new BigUint64Array(count);
  const endsHigh = new BigUint64Array(count);
  const endsLow = new BigUint64Array(count);
  const asns = new Uint32Array(count);
  const orgIndex = new Uint32Array(count);
  const orgs: string[] = [];
  const orgIds = new Map<string, number>();
  const limit = version === 4 ? 0xffffffffn : (1n << 128n) - 1n;
  let row = 0;
  let previousStart = -1n;
  let previousEnd = -1n;
  for (const [lineNumber, line] of lines.entries()) {
    if (line.length === 0) continue;
    const fields = splitRow(line);
    if (!fields) throw new Error(`line ${lineNumber + 1}: expected start,end,asn,organisation`);
    const [startText, endText, asnText, org] = fields;
    let start: bigint;
    let end: bigint;
    try {
      start = BigInt(startText);
      end = BigInt(endText);
    } catch {
      throw new Error(`line ${lineNumber + 1}: range bounds must be numbers`);
    }
    const asn = Number(asnText);
    if (start > end || end > limit || start < previousStart || !Number.isInteger(asn) || asn < 0) {
      throw new Error(`line ${lineNumber + 1}: range out of order or out of bounds`);
    }
    previousStart = start;
    // The published data has the odd overlap (a block inside its parent's range): the earlier row keeps
    // the shared addresses and the later one starts after it, so bisection stays exact.
    if (start <= previousEnd) start = previousEnd + 1n;
    if (start > end) continue;
    previousEnd = end;
    startsHigh[row] = start >> 64n;
    startsLow[row] = start & MASK_64;
    endsHigh[row] = end >> 64n;
    endsLow[row] = end & MASK_64;
    asns[row] = asn;
    let id = orgIds.get(org);
    if (id === undefined) {
      id = orgs.length;
      // A copy: a slice of the file's text would keep the whole file alive.
      orgs.push(Buffer.from(org, "utf8").toString("utf8"));
      orgIds.set(org, id);
    }
    orgIndex[row] = id;
    row += 1;
  }
  const at = (high: BigUint64Array, low: BigUint64Array, index: number) =>
    (high[index]! << 64n) | low[index]!;
  return {
    rows: row,
    lookup(address) {
      // The last row starting at or before the address; it matches only if it also ends at or after it.
      let lo = 0;
      let hi = row - 1;
      let found = -1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        if (at(startsHigh, startsLow, mid) <= address) {
          found = mid;
          lo = mid + 1;
        } else hi = mid - 1;
      }
      if (found < 0 || at(endsHigh, endsLow, found) < address) return null;
      const asn = asns[found]!;
      if (asn === 0) return null;
      return { asn, org: orgs[orgIndex[found]!] || null };
    },
  };
}

/** `a,b,c,"Org, Inc."` → the four fields (the organisation may be quoted, with `""` for a quote). */
function splitRow(line: string): [string, string, string, string] | null {
  const parts: string[] = [];
  let rest = line.endsWith("\r") ? line.slice(0, -1) : line;
  for (let i = 0; i < 3; i += 1) {
    const comma = rest.indexOf(",");
    if (comma < 0) return null;
    parts.push(rest.slice(0, comma));
    rest = rest.slice(comma + 1);
  }
  const org =
    rest.startsWith('"') && rest.endsWith('"') && rest.length >= 2
      ? rest.slice(1, -1).replaceAll('""', '"')
      : rest;
  return [parts[0]!, parts[1]!, parts[2]!, org];
}
