// The offline IP databases, each opened on first use (the IPv4 city file alone is ~63 MB in memory) and
// shared by every request; `reload()` drops them so the next lookup reads a newly installed file.
import { readFile } from "node:fs/promises";
import ipaddr from "ipaddr.js";
import { Reader } from "maxmind";
import { AppError } from "../../platform/errors.js";
import { type AsnRecord, parseAsnCsv } from "./asn-table.js";
import type { ParsedIp } from "./ip-address.js";
import { type IpDataKind, type IpDataSource, sourceFor } from "./ip-data-files.js";

/** What the data says about an address; null where it has no answer. */
export interface IpFacts {
  country: string | null;
  region: string | null;
  city: string | null;
  asn: number | null;
  as_org: string | null;
}

export interface IpDatabases {
  lookup(ip: ParsedIp): Promise<IpFacts>;
  /** Forget every opened file (after `kyc ip update`). */
  reload(): void;
}

type Lookup<T> = (ip: ParsedIp) => T | null;

export function createIpDatabases(dataDir: string): IpDatabases {
  const opened = new Map<string, Promise<Lookup<unknown>>>();
  function open<T>(kind: IpDataKind, version: 4 | 6): Promise<Lookup<T>> {
    const key = `${kind}:${version}`;
    let pending = opened.get(key);
    if (!pending) {
      pending = openSource(kind, sourceFor(dataDir, kind, version));
      opened.set(key, pending);
      pending.catch(() => opened.delete(key));
    }
    return pending as Promise<Lookup<T>>;
  }
  return {
    async lookup(ip) {
      let city: Lookup<CityRecord>;
      let asn: Lookup<AsnRecord>;
      try {
        [city, asn] = await Promise.all([
          open<CityRecord>("city", ip.version),
          open<AsnRecord>("asn", ip.version),
        ]);
      } catch (cause) {
        // A missing or unreadable data file: 503 on the tool, review on the module, never a guess.
        throw new AppError("engine_unavailable", { message: "The IP data could not be read.", cause });
      }
      const place = city(ip);
      const network = asn(ip);
      return {
        country: place?.country ?? null,
        region: place?.region ?? null,
        city: place?.city ?? null,
        asn: network?.asn ?? null,
        as_org: network?.org ?? null,
      };
    },
    reload() {
      opened.clear();
    },
  };
}

export interface CityRecord {
  country: string | null;
  region: string | null;
  city: string | null;
}

/** Opens and checks one file; the same code validates an update before it replaces anything. */
export async function openSource(kind: IpDataKind, source: IpDataSource): Promise<Lookup<unknown>> {
  const bytes = await readFile(source.path);
  if (source.format === "csv") {
    const text = bytes.toString("utf8");
    const version = looksLikeIpv6Csv(text) ? 6 : 4;
    const table = parseAsnCsv(text, version);
    return (ip) => (ip.version === version ? table.lookup(ipToBigInt(ip)) : null);
  }
  const reader = new Reader<Record<string, unknown>>(bytes);
  return kind === "city"
    ? (ip) => cityRecordOf(safeGet(reader, ip.address))
    : (ip) => asnRecordOf(safeGet(reader, ip.address));
}

function safeGet(reader: Reader<Record<string, unknown>>, address: string): Record<string, unknown> | null {
  try {
    return reader.get(address);
  } catch {
    // An IPv6 address against an IPv4-only file.
    return null;
  }
}

/** Both shapes in use: ip-location-db's flat one and MaxMind's nested one (GeoLite2 and DB-IP's own). */
export function cityRecordOf(raw: Record<string, unknown> | null): CityRecord | null {
  if (!raw) return null;
  const nested = raw as {
    country?: { iso_code?: string };
    subdivisions?: { names?: { en?: string } }[];
    city?: { names?: { en?: string } } | string;
  };
  const country = text(raw.country_code) ?? text(nested.country?.iso_code);
  const region = text(raw.state1) ?? text(nested.subdivisions?.[0]?.names?.en);
  const city = typeof nested.city === "string" ? text(nested.city) : text(nested.city?.names?.en);
  if (!country && !region && !city) return null;
  return { country: country?.toUpperCase() ?? null, region, city };
}

export function asnRecordOf(raw: Record<string, unknown> | null): AsnRecord | null {
  const asn = raw?.autonomous_system_number;
  if (typeof asn !== "number" || asn <= 0) return null;
  return { asn, org: text(raw?.autonomous_system_organization) };
}

function text(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}

/** The numeric CSVs come one per version; an IPv6 file's first range starts above the IPv4 space. */
export function looksLikeIpv6Csv(text: string): boolean {
  const first = text.slice(0, text.indexOf(","));
  return /^\d+$/.test(first) && BigInt(first) > 0xffffffffn;
}

export function ipToBigInt(ip: ParsedIp): bigint {
  const parsed = ipaddr.parse(ip.address);
  const octets = parsed.toByteArray();
  return octets.reduce((sum, octet) => (sum << 8n) | BigInt(octet), 0n);
}
