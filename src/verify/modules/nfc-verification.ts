// NFC_VERIFICATION: a native app or SDK reads the passport chip (browsers cannot) and POSTs its files to this
// node's step ({dg1, dg2, sod, dg14?, dg15?, aa_signature?, challenge?}, base64); the hosted page shows the
// hand-off (a link and QR code that open the session in the app). Checks, at finish:
//   passive authentication (engines/nfc): the SOD's CMS signature by its Document Signer, the DS under a CSCA
//     of the operator's master list (validity, CRLs), every data group's hash;
//   DG1's MRZ against the MRZ the document step read; DG2's portrait against the live selfie;
//   active authentication when DG15 is present: the chip's signature over the challenge the state issued
//     (verified, and the challenge spent, at submit).
// Stable reasons (warnings): sod_signature_invalid, csca_not_trusted, dg_hash_mismatch, mrz_chip_mismatch,
// chip_face_mismatch, active_authentication_failed — each declines (csca_not_trusted per `untrusted_csca`);
// detail warnings: certificate_expired, certificate_revoked, crl_outdated, dg_not_in_sod, mrz_not_compared,
// chip_face_not_compared, chip_face_unreadable. Node config:
//   face_threshold  (0.5)        similarity at or above which the chip portrait matches the selfie
//   untrusted_csca  (declined)   declined | in_review — for operators still completing their master list
//   app_link        (none)       the hand-off link's template; `{session_url}` is replaced (URL-encoded) by the
//                                session's hosted URL, which is the hand-off link when no template is set
import { z } from "zod";
import { DEFAULT_FACE_VERIFY_THRESHOLD } from "../../engines/face/similarity.js";
import { verifyActiveAuthentication } from "../../engines/nfc/active-authentication.js";
import { readDg15PublicKey } from "../../engines/nfc/data-groups.js";
import { verifyPassiveAuthentication } from "../../engines/nfc/passive-authentication.js";
import { AppError } from "../../platform/errors.js";
import { mediaUrl } from "../../platform/media/evidence.js";
import { sessionUrlToken } from "../applicant/session-token.js";
import type { StepConfigs } from "../applicant/step-contract.js";
import { consumeChallenge, issueChallenge } from "../nfc/nfc-challenges.js";
import { loadTrustAnchors } from "../nfc/trust-store.js";
import { type ModuleContext, type NodeStatus, type WorkflowModule, worstStatus } from "./module.js";
import {
  checkShape,
  decodeBase64Field,
  type NfcCaptures,
  type NfcFile,
  storeChipFiles,
} from "./nfc-captures.js";
import { chipMrz, chipPortrait, compareChipFace, compareMrz, documentMrzFields } from "./nfc-checks.js";

const configSchema = z.strictObject({
  face_threshold: z.number().min(0.2).max(0.95).default(DEFAULT_FACE_VERIFY_THRESHOLD),
  untrusted_csca: z.enum(["declined", "in_review"]).default("declined"),
  app_link: z
    .string()
    .max(500)
    .refine((value) => value.includes("{session_url}"), "must contain {session_url}")
    .optional(),
});
type NfcConfig = z.infer<typeof configSchema>;

const DECLINING = new Set([
  "sod_signature_invalid",
  "dg_hash_mismatch",
  "mrz_chip_mismatch",
  "chip_face_mismatch",
  "active_authentication_failed",
]);

function scopeOf(context: ModuleContext) {
  return { tenantId: context.session.tenant_id, sessionId: context.session.id, nodeId: context.node.id };
}

function handoffUrl(context: ModuleContext, config: NfcConfig): string {
  const flowConfig = context.services.config;
  const sessionUrl = `${flowConfig.flowUrl}/verify/${sessionUrlToken(flowConfig, context.session.id)}`;
  return config.app_link
    ? config.app_link.replaceAll("{session_url}", encodeURIComponent(sessionUrl))
    : sessionUrl;
}

async function readFile(context: ModuleContext, path: string | undefined): Promise<Buffer | null> {
  return path ? context.services.media.get(path) : null;
}

export const nfcVerificationModule: WorkflowModule = {
  features: ["NFC_VERIFICATION"],
  decisionArray: "nfc_verifications",
  parseConfig(config) {
    const parsed = configSchema.safeParse(config ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new AppError("invalid_workflow", {
        message: `NFC_VERIFICATION: ${issue.path.join(".")} ${issue.message}`.trim(),
      });
    }
    return parsed.data;
  },
  entitlements: () => ["NFC_VERIFICATION"],
  step: {
    async describe(context): Promise<StepConfigs["nfc"]> {
      const config = configSchema.parse(context.node.config);
      const issued = await issueChallenge(context.db, scopeOf(context));
      return {
        handoff_url: handoffUrl(context, config),
        challenge: issued.challenge,
        challenge_expires_at: issued.expires_at,
        required: ["dg1", "dg2", "sod"],
        optional: ["dg14", "dg15", "aa_signature", "challenge"],
      };
    },
    async submit(context, raw) {
      const body = (raw ?? {}) as Record<string, unknown>;
      const files: Partial<Record<NfcFile, Buffer>> = {};
      for (const name of ["dg1", "dg2", "sod"] as const) {
        files[name] = decodeBase64Field(body, name, true)!;
        checkShape(name, files[name]);
      }
      for (const name of ["dg14", "dg15"] as const) {
        const bytes = decodeBase64Field(body, name, false);
        if (bytes) {
          checkShape(name, bytes);
          files[name] = bytes;
        }
      }
      const signature = decodeBase64Field(body, "aa_signature", false);
      const challenge = decodeBase64Field(body, "challenge", false);
      let active: NfcCaptures["active_authentication"] = {
        performed: false,
        valid: null,
        challenge_accepted: null,
      };
      if (signature) {
        if (!challenge) {
          throw new AppError("validation_failed", { field: "challenge", detail: "challenge_required" });
        }
        if (!files.dg15) throw new AppError("validation_failed", { field: "dg15", detail: "dg15_required" });
        if (!(await consumeChallenge(context.db, scopeOf(context), challenge))) {
          throw new AppError("unprocessable", {
            field: "challenge",
            detail: "challenge_invalid",
            message:
              "The challenge was not issued to this step, has expired or was used; read the state again.",
          });
        }
        const valid = verifyActiveAuthentication(readDg15PublicKey(files.dg15), challenge, signature);
        active = { performed: true, valid, challenge_accepted: true };
      }
      let portrait: Awaited<ReturnType<typeof chipPortrait>>;
      try {
        portrait = await chipPortrait(files.dg2!);
      } catch (error) {
        throw new AppError("validation_failed", {
          field: "dg2",
          detail: "invalid_dg2",
          message: (error as Error).message,
        });
      }
      const captures: NfcCaptures = {
        ...(await storeChipFiles(context, files, portrait)),
        active_authentication: active,
      };
      return { ...captures };
    },
  },
  async evaluate(context) {
    const config = configSchema.parse(context.node.config);
    const captures = context.captures as unknown as NfcCaptures;
    const files = new Map<number, Buffer>();
    for (const [name, path] of Object.entries(captures.files ?? {})) {
      if (name === "sod") continue;
      const bytes = await readFile(context, path);
      if (bytes) files.set(Number(name.slice(2)), bytes);
    }
    const sod = await readFile(context, captures.files?.sod);
    if (!sod || !files.has(1) || !files.has(2)) {
      throw new AppError("engine_unavailable", { message: "the chip files are gone from the media store" });
    }
    const passive = await verifyPassiveAuthentication({
      sod,
      dataGroups: files,
      trust: await loadTrustAnchors(context.db),
    });
    const warnings = [...passive.reasons];
    const add = (code: string) => {
      if (!warnings.includes(code)) warnings.push(code);
    };
    const statuses: NodeStatus[] = ["approved"];

    const mrz = chipMrz(files.get(1)!);
    const mrzComparison = compareMrz(mrz?.fields ?? {}, documentMrzFields(context));
    if (!mrzComparison || mrzComparison.compared.length === 0) add("mrz_not_compared");
    else if (mrzComparison.differing.length > 0) add("mrz_chip_mismatch");

    const face = await compareChipFace(context, captures.portrait_path ?? null, config.face_threshold);
    if (face.problem === "chip_face_unreadable") {
      add("chip_face_unreadable");
      statuses.push("in_review");
    } else if (face.problem === "selfie_missing") add("chip_face_not_compared");
    else if (face.matched === false) add("chip_face_mismatch");

    const active = captures.active_authentication;
    if (files.has(15) && !(active?.performed && active.valid)) add("active_authentication_failed");

    if (warnings.some((code) => DECLINING.has(code))) statuses.push("declined");
    if (warnings.includes("csca_not_trusted")) statuses.push(config.untrusted_csca);
    const status = worstStatus(statuses);
    const url = (path: string | null) => (path ? mediaUrl(context.services.config.publicUrl, path) : null);
    return {
      result: {
        status,
        score: face.similarity === null ? null : Math.round(face.similarity * 100),
        warnings,
        data: {
          passive_authentication: {
            sod_signature_valid: passive.sod_signature_valid,
            chain_valid: passive.chain_valid,
            hash_algorithm: passive.hash_algorithm,
            data_groups: passive.data_groups,
            document_signer: passive.document_signer,
            csca: passive.csca,
          },
          active_authentication: {
            performed: active?.performed ?? false,
            valid: active?.valid ?? null,
            available: files.has(15),
          },
          chip: mrz ? { mrz_lines: mrz.lines, fields: mrz.fields, mrz_checks_valid: mrz.checks_valid } : null,
          mrz_match:
            mrzComparison && mrzComparison.compared.length > 0 ? mrzComparison.differing.length === 0 : null,
          mrz_compared_fields: mrzComparison?.compared ?? [],
          mrz_differing_fields: mrzComparison?.differing ?? [],
          face: {
            matched: face.matched,
            similarity: face.similarity,
            chip_portrait_url: url(face.chip_portrait_path),
            selfie_url: url(face.selfie_path),
          },
          data_groups_received: [...files.keys()].map((n) => `dg${n}`),
        },
      },
    };
  },
};
