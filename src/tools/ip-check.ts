// POST /v3/tools/ip-check/ (spec: tools table — body ip, chargeable as IP_CHECK; the response beyond the
// input field is ours: design "ip-check response"). A lookup in offline data; nothing is stored.
import { z } from "zod";
import { analyzeIp, IP_SIGNALS } from "../engines/ip/analyze-ip.js";
import { parseIp } from "../engines/ip/ip-address.js";
import { AppError } from "../platform/errors.js";
import { type App, tenantOf } from "../platform/http/app.js";
import type { Services } from "../services.js";
import { runChargeableTool } from "./run-chargeable-tool.js";

const body = z.object({
  ip: z
    .string({ error: (issue) => (issue.input === undefined ? "ip_required" : "invalid_ip") })
    .describe(
      "One address: dotted-quad IPv4, or IPv6 (an IPv4-mapped `::ffff:a.b.c.d` is analysed as the IPv4 " +
        "address). Host names, CIDR blocks, zone ids and legacy IPv4 spellings → 400 invalid_ip.",
    ),
});

export const ipAnalysisSchema = z.object({
  ip: z.string().describe("The address analysed, canonical form."),
  version: z.union([z.literal(4), z.literal(6)]),
  country: z.string().nullable().describe("ISO 3166-1 alpha-2; null when the data has no answer."),
  region: z.string().nullable().describe("First-level subdivision (state, province); null when unknown."),
  city: z.string().nullable(),
  asn: z.number().int().nullable().describe("Autonomous system number; null when unknown."),
  as_org: z.string().nullable().describe("Organisation registered for the AS."),
  is_private: z
    .boolean()
    .describe("True for any address that is not globally routable; `signals` says which kind."),
  is_hosting: z
    .boolean()
    .nullable()
    .describe(
      "The AS sells servers (cloud, hosting, CDN); null when the network is unknown or the address private.",
    ),
  is_tor: z.boolean().nullable().describe("Always null: this build has no offline Tor exit list."),
  is_vpn: z.boolean().nullable().describe("Always null: this build has no offline VPN list."),
  risk_level: z
    .enum(["low", "medium", "high"])
    .describe(
      "medium for a hosting network or a non-public address, otherwise low. high is reserved for Tor/VPN " +
        "evidence, which this build cannot produce.",
    ),
  signals: z.array(z.string()).describe(
    `Stable codes: ${Object.entries(IP_SIGNALS)
      .map(([code, meaning]) => `${code} (${meaning})`)
      .join("; ")}.`,
  ),
});

export function registerIpCheckRoute(app: App, services: Services): void {
  app.post(
    "/tools/ip-check/",
    {
      config: { rateBucket: "kyc_v3_tools" },
      schema: {
        summary: "Locate an IP address and classify its network",
        description:
          "Offline data: DB-IP IP to City Lite and RouteViews/NRO/DB-IP ASN data (CC BY 4.0; attribution in " +
          "the README). Null where the data cannot say. 400 invalid_ip. Billed as IP_CHECK on success only.",
        tags: ["tools"],
        body,
        response: { 200: ipAnalysisSchema },
      },
    },
    async (request) => {
      const ip = parseIp(request.body.ip);
      if (!ip)
        throw new AppError("invalid_ip", { field: "ip", message: "Not a single IPv4 or IPv6 address." });
      return runChargeableTool(services, {
        tenantId: tenantOf(request).tenantId,
        features: ["IP_CHECK"],
        billedFeature: "IP_CHECK",
        work: () => analyzeIp(services.engines.ip(), ip),
      });
    },
  );
}
