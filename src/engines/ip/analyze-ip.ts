// One address in, the ip-check answer out (design: Wave 2 — ip-check response). Location and network come
// from the offline databases; `is_tor` and `is_vpn` stay null because no offline list in this build says
// either way, and a guess would read as a finding. Shared by POST /v3/tools/ip-check/ and IP_ANALYSIS.
import { nonPublicKind } from "../../platform/net/public-address.js";
import { isHostingNetwork } from "./hosting-networks.js";
import type { ParsedIp } from "./ip-address.js";
import type { IpDatabases } from "./ip-databases.js";

export type IpRiskLevel = "low" | "medium" | "high";

export interface IpAnalysis {
  ip: string;
  version: 4 | 6;
  country: string | null;
  region: string | null;
  city: string | null;
  asn: number | null;
  as_org: string | null;
  is_private: boolean;
  is_hosting: boolean | null;
  is_tor: boolean | null;
  is_vpn: boolean | null;
  risk_level: IpRiskLevel;
  signals: string[];
}

/** Signals, in the order they are reported. Stable codes. */
export const IP_SIGNALS = {
  private_address: "RFC 1918, unique-local (fc00::/7) or carrier-grade NAT: the address of a private network",
  loopback_address: "127.0.0.0/8 or ::1: the service's own host",
  link_local_address: "169.254.0.0/16 or fe80::/10: one network segment only",
  reserved_address: "documentation, multicast, benchmarking or another range that is never a client",
  ipv4_mapped: "sent as ::ffff:a.b.c.d and analysed as the IPv4 address it carries",
  hosting_network:
    "the network sells servers (cloud, hosting, CDN): a relay stands between the person and the service",
  location_unknown: "a public address the location data has no country for",
  asn_unknown: "a public address the ASN data has no network for",
} as const;

export type IpSignal = keyof typeof IP_SIGNALS;

export async function analyzeIp(databases: IpDatabases, ip: ParsedIp): Promise<IpAnalysis> {
  const signals: IpSignal[] = [];
  const kind = nonPublicKind(ip.address);
  if (kind) signals.push(`${kind}_address`);
  if (ip.mapped) signals.push("ipv4_mapped");
  const base = { ip: ip.address, version: ip.version, is_tor: null, is_vpn: null };
  if (kind) {
    // Nothing public is known about a private or reserved address: no lookup, no location.
    return {
      ...base,
      country: null,
      region: null,
      city: null,
      asn: null,
      as_org: null,
      is_private: true,
      is_hosting: null,
      risk_level: "medium",
      signals,
    };
  }
  const facts = await databases.lookup(ip);
  const isHosting = isHostingNetwork(facts.asn, facts.as_org);
  if (isHosting) signals.push("hosting_network");
  if (!facts.country) signals.push("location_unknown");
  if (facts.asn === null) signals.push("asn_unknown");
  return {
    ...base,
    ...facts,
    is_private: false,
    is_hosting: facts.asn === null && facts.as_org === null ? null : isHosting,
    risk_level: isHosting ? "medium" : "low",
    signals,
  };
}
