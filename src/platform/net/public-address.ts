// spec: Delivery rules 4 — destinations must be publicly reachable; loopback, private and link-local are refused.
// design (wave 2): addresses are classified with ipaddr.js, IPv4-mapped/compatible, NAT64 and 6to4 included.
// Every IPv6 form that carries an IPv4 address is judged by that IPv4 address (so `[::ffff:7f00:1]`, the URL
// parser's spelling of `[::ffff:127.0.0.1]`, is loopback), and forms whose real destination cannot be
// known from the address alone (Teredo, local-use NAT64, SIIT) are refused outright.
import ipaddr from "ipaddr.js";

/** True only for globally routable unicast addresses. Anything unparsable is not public. */
export function isPublicAddress(address: string): boolean {
  const parsed = parseAddress(address);
  if (!parsed) return false;
  return parsed.kind() === "ipv4" ? isPublicIpv4(parsed as ipaddr.IPv4) : isPublicIpv6(parsed as ipaddr.IPv6);
}

function parseAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  // A zone id (`fe80::1%eth0`) only ever names a link-local scope.
  const bare = address.replace(/^\[|\]$/g, "");
  if (bare.includes("%")) return null;
  // Only the canonical dotted-quad IPv4 form: `0x7f.1` or `2130706433` never reach here from the URL parser
  // or DNS, and refusing them keeps the classifier from ever disagreeing with the socket layer.
  if (ipaddr.IPv4.isValidFourPartDecimal(bare)) return ipaddr.IPv4.parse(bare);
  if (ipaddr.IPv6.isValid(bare)) return ipaddr.IPv6.parse(bare);
  return null;
}

function isPublicIpv4(address: ipaddr.IPv4): boolean {
  // ipaddr's ranges cover this network, private, loopback, link-local (cloud metadata), carrier-grade NAT,
  // multicast, broadcast, the documentation and benchmarking nets and 240/4; only `unicast` is left.
  return address.range() === "unicast";
}

function isPublicIpv6(address: ipaddr.IPv6): boolean {
  const embedded = embeddedIpv4(address);
  if (embedded === "refuse") return false;
  if (embedded) return isPublicIpv4(embedded);
  return address.range() === "unicast";
}

/**
 * The IPv4 address an IPv6 address stands for, `null` when it is a plain IPv6 address, or "refuse" when it
 * embeds an IPv4 destination we cannot judge.
 */
function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 | null | "refuse" {
  const p = address.parts;
  const low32 = () => new ipaddr.IPv4([p[6]! >> 8, p[6]! & 0xff, p[7]! >> 8, p[7]! & 0xff]);
  const range = address.range();
  // ::ffff:a.b.c.d (mapped) — the socket layer connects to a.b.c.d.
  if (range === "ipv4Mapped") return address.toIPv4Address();
  // ::a.b.c.d (IPv4-compatible, deprecated) and ::ffff:0:a.b.c.d (SIIT): no public service uses them.
  if (p[0] === 0 && p[1] === 0 && p[2] === 0 && p[3] === 0 && (p[4] === 0 || p[4] === 0xffff)) {
    return "refuse";
  }
  if (range === "rfc6052") {
    // 64:ff9b::/96 (well-known NAT64 prefix) translates to the low 32 bits; 64:ff9b:1::/48 is local-use.
    const wellKnown =
      p[0] === 0x64 && p[1] === 0xff9b && p[2] === 0 && p[3] === 0 && p[4] === 0 && p[5] === 0;
    return wellKnown ? low32() : "refuse";
  }
  // 2002:AABB:CCDD::/48 (6to4) relays to AA.BB.CC.DD.
  if (range === "6to4") return new ipaddr.IPv4([p[1]! >> 8, p[1]! & 0xff, p[2]! >> 8, p[2]! & 0xff]);
  // 2001:0::/32 (Teredo) tunnels to an obfuscated IPv4 client through a relay.
  if (range === "teredo") return "refuse";
  return null;
}

/** How an address that is not public is classed, for reporting (ip-check signals); null when it is public. */
export type NonPublicKind = "private" | "loopback" | "link_local" | "reserved";

/**
 * The class of a non-public address (by the same rules as isPublicAddress), or null for a public one.
 * Unique-local IPv6 (fc00::/7), RFC 1918 and carrier-grade NAT count as private.
 */
export function nonPublicKind(address: string): NonPublicKind | null {
  if (isPublicAddress(address)) return null;
  const parsed = parseAddress(address);
  if (!parsed) return "reserved";
  let subject: ipaddr.IPv4 | ipaddr.IPv6 = parsed;
  if (parsed.kind() === "ipv6") {
    const embedded = embeddedIpv4(parsed as ipaddr.IPv6);
    if (embedded && embedded !== "refuse") subject = embedded;
  }
  const range = subject.range();
  if (range === "loopback") return "loopback";
  if (range === "linkLocal") return "link_local";
  if (range === "private" || range === "uniqueLocal" || range === "carrierGradeNat") return "private";
  return "reserved";
}
