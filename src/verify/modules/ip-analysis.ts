// IP_ANALYSIS (server-only; decision array `ip_analyses`, present only when enabled). The address the
// service saw the applicant at when the session opened and when they finished (request.ip: the peer, or
// X-Forwarded-For from a proxy TRUST_PROXY names) is recorded on the node (applicant/record-address.ts)
// and analysed at the decision with the same code as POST /v3/tools/ip-check/.
// Decided here (the spec leaves per-array data "not shown"): a location outside the countries the
// document names (nationality, issuing country; a Nepali card template implies NP), a hosting network, a
// non-public address and a country change between open and finish are warnings; by default they do not
// change the status (`country_mismatch: "review"` / `hosting: "review"` send the session to review).
// data: {addresses: [{moment, seen_at, ...ip-check fields}], document_countries, country_mismatch}.
import { z } from "zod";
import { countryCode } from "../../engines/aml/countries.js";
import { analyzeIp, type IpAnalysis } from "../../engines/ip/analyze-ip.js";
import { parseIp } from "../../engines/ip/ip-address.js";
import { AppError } from "../../platform/errors.js";
import type { ModuleContext, NodeStatus, WorkflowModule } from "./module.js";

const action = z.enum(["warn", "review"]);
const configSchema = z.strictObject({
  country_mismatch: action.default("warn"),
  hosting: action.default("warn"),
});

export const IP_MOMENTS = ["open", "finish"] as const;
export type IpMoment = (typeof IP_MOMENTS)[number];

/** What the node keeps per moment, written by the applicant API. */
export interface SeenAddress {
  ip: string;
  seen_at: string;
}

/** Nepal's own card templates name no country: the reader only recognises them on Nepali documents. */
const NEPALI_TEMPLATES = new Set(["citizenship", "pan", "drivers_license", "disability_id"]);

function parseConfig(config: unknown): Record<string, unknown> {
  const parsed = configSchema.safeParse(config ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError("invalid_workflow", {
      message: `IP_ANALYSIS: ${issue.path.join(".")} ${issue.message}`.trim(),
    });
  }
  return parsed.data;
}

/** ISO-2 codes (upper case) the latest earlier document names, deduplicated. */
export function documentCountries(context: ModuleContext): string[] {
  const index = context.nodes.findIndex((state) => state.node.id === context.node.id);
  const document = context.nodes
    .slice(0, index)
    .filter((state) => state.node.feature === "ID_VERIFICATION" && state.result)
    .at(-1)?.result?.data;
  if (!document) return [];
  const fields = (document.fields ?? {}) as Record<string, unknown>;
  const codes = [fields.nationality, fields.issuing_country]
    .map((value) => (typeof value === "string" ? countryCode(value) : null))
    .filter((code): code is string => code !== null)
    .map((code) => code.toUpperCase());
  if (codes.length === 0 && NEPALI_TEMPLATES.has(String(document.document_type))) codes.push("NP");
  return [...new Set(codes)];
}

export const ipAnalysisModule: WorkflowModule = {
  features: ["IP_ANALYSIS"],
  decisionArray: "ip_analyses",
  readsResultsOf: ["ID_VERIFICATION"],
  parseConfig,
  entitlements: () => ["IP_ANALYSIS"],
  async evaluate(context) {
    const config = configSchema.parse(context.node.config);
    const seen = context.captures as Partial<Record<IpMoment, SeenAddress>>;
    const addresses: (IpAnalysis & { moment: IpMoment; seen_at: string })[] = [];
    for (const moment of IP_MOMENTS) {
      const entry = seen[moment];
      const ip = entry ? parseIp(entry.ip) : null;
      if (!entry || !ip) continue;
      addresses.push({
        moment,
        seen_at: entry.seen_at,
        ...(await analyzeIp(context.services.engines.ip(), ip)),
      });
    }
    const countries = documentCountries(context);
    const located = addresses.filter((address) => address.country !== null);
    const mismatch =
      countries.length === 0 || located.length === 0
        ? null
        : located.some((address) => !countries.includes(address.country!));
    const warnings: string[] = [];
    let review = false;
    if (addresses.length === 0) warnings.push("ip_address_missing");
    if (mismatch) {
      warnings.push("ip_country_mismatch");
      review ||= config.country_mismatch === "review";
    }
    if (addresses.some((address) => address.is_hosting)) {
      warnings.push("ip_hosting_network");
      review ||= config.hosting === "review";
    }
    if (addresses.some((address) => address.is_private)) warnings.push("ip_not_public");
    if (new Set(located.map((address) => address.country)).size > 1) warnings.push("ip_country_changed");
    const status: NodeStatus = review ? "in_review" : "approved";
    return {
      result: {
        status,
        score: null,
        warnings,
        data: { addresses, document_countries: countries, country_mismatch: mismatch },
      },
    };
  },
};
