// The one accepted spelling of an address for ip-check and IP_ANALYSIS: a dotted-quad IPv4 address
// (decimal, no leading zeros), or an IPv6 address (an IPv4-mapped one is analysed as the IPv4 address it
// carries). Host names, CIDR blocks, zone ids, ports and the legacy IPv4 forms (`0x7f.1`, `2130706433`,
// `010.0.0.1`) are refused: the caller means one address, and guessing which would make the answer lie.
import ipaddr from "ipaddr.js";

export interface ParsedIp {
  /** Canonical text: dotted quad, or RFC 5952 IPv6. */
  address: string;
  version: 4 | 6;
  /** The input was `::ffff:a.b.c.d`; `address` is then the IPv4 address. */
  mapped: boolean;
}

const DOTTED_QUAD = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

export function parseIp(input: string): ParsedIp | null {
  const text = input.trim();
  if (text.length === 0 || text.length > 45) return null;
  if (DOTTED_QUAD.test(text)) return { address: text, version: 4, mapped: false };
  if (!text.includes(":") || text.includes("%") || text.includes("/")) return null;
  if (!ipaddr.IPv6.isValid(text)) return null;
  const parsed = ipaddr.IPv6.parse(text);
  if (parsed.isIPv4MappedAddress()) {
    return { address: parsed.toIPv4Address().toString(), version: 4, mapped: true };
  }
  return { address: parsed.toRFC5952String(), version: 6, mapped: false };
}
