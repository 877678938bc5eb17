// Networks whose addresses belong to servers rather than to people: cloud, hosting and CDN providers.
// An applicant reaching the hosted page from one of them is behind a relay of some kind (a VPN exit, a
// remote desktop, a proxy). The list is short on purpose: a false "hosting" on a home broadband network
// costs an honest applicant a review, so only networks that sell servers are named, by AS number
// (each checked against the organisation name in the bundled ASN data) and by a few unambiguous words in the organisation name.

/** AS number → provider (for the signal's readers; not sent in responses). */
export const HOSTING_ASNS: ReadonlyMap<number, string> = new Map([
  [16509, "Amazon Web Services"],
  [14618, "Amazon Web Services"],
  [8987, "Amazon Web Services"],
  [15169, "Google"],
  [396982, "Google Cloud"],
  [19527, "Google"],
  [8075, "Microsoft Azure"],
  [8068, "Microsoft"],
  [13335, "Cloudflare"],
  [209242, "Cloudflare (WARP)"],
  [14061, "DigitalOcean"],
  [16276, "OVH"],
  [24940, "Hetzner"],
  [213230, "Hetzner Cloud"],
  [63949, "Akamai Connected Cloud (Linode)"],
  [20473, "Vultr (The Constant Company)"],
  [31898, "Oracle Cloud"],
  [45102, "Alibaba Cloud"],
  [37963, "Alibaba Cloud"],
  [132203, "Tencent Cloud"],
  [45090, "Tencent Cloud"],
  [51167, "Contabo"],
  [12876, "Scaleway"],
  [9009, "M247"],
  [60781, "LeaseWeb"],
  [28753, "LeaseWeb"],
  [36352, "HostPapa (ColoCrossing)"],
  [8100, "QuadraNet"],
  [47583, "Hostinger"],
  [46606, "Unified Layer"],
  [53667, "FranTech (BuyVM)"],
]);

const HOSTING_WORDS =
  /\b(hosting|web ?hosting|data ?cent(?:er|re)s?|vps|colocation|dedicated servers?|cloud computing)\b/i;

export function isHostingNetwork(asn: number | null, org: string | null): boolean {
  if (asn !== null && HOSTING_ASNS.has(asn)) return true;
  return org !== null && HOSTING_WORDS.test(org);
}
