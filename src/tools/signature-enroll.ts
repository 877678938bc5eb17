// POST /v3/tools/signature-enroll/ (spec: signature-enroll): no entitlement, no charge. 201
// {sample_id, individual_id}; 404 individual_not_found; 422 no_signature_detected. A face photo is
// refused as 422 not_a_signature as on verify: enrolling one would only pollute the search gallery.
import { z } from "zod";
import { decodeImageField } from "../engines/image/decode-image-field.js";
import { enrollSignature } from "../identities/signature-samples/enroll-signature.js";
import { resolveIndividual } from "../identities/signature-samples/resolve-individual.js";
import { forgetSignatureGallery } from "../identities/signature-samples/signature-gallery.js";
import { withTransaction } from "../platform/db/transaction.js";
import { type App, tenantOf } from "../platform/http/app.js";
import type { Services } from "../services.js";
import { SIGNATURE_DECODE } from "./signature-verify.js";
import { imageField } from "./tool-schemas.js";

const body = z.object({
  individual_id: z
    .string()
    .optional()
    .describe("The identity's id; wins over external_user_id when both are sent."),
  external_user_id: z
    .string()
    .optional()
    .describe("The caller's reference for the identity (session vendor_data)."),
  image_base64: imageField("image", "Image of one genuine signature of the identity"),
  label: z
    .string({ error: "invalid_label" })
    .optional()
    .describe("Free text kept with the sample; truncated to 120 characters."),
});

const response = z.object({
  sample_id: z.string().uuid(),
  individual_id: z.string().uuid(),
});

export function registerSignatureEnrollRoute(app: App, services: Services): void {
  app.post(
    "/tools/signature-enroll/",
    {
      config: { rateBucket: "kyc_v3_tools" },
      schema: {
        summary: "Enroll a signature sample for an identity",
        description:
          "Free: no entitlement and no charge. The identity must exist (404 individual_not_found otherwise, " +
          "also for another tenant's id). 422 no_signature_detected / not_a_signature.",
        tags: ["tools"],
        body,
        response: { 201: response },
      },
    },
    async (request, reply) => {
      const { tenantId } = tenantOf(request);
      const individualId = await resolveIndividual(services.db, tenantId, {
        individualId: request.body.individual_id,
        externalUserId: request.body.external_user_id,
      });
      const image = await decodeImageField(request.body.image_base64, "image", SIGNATURE_DECODE);
      const prepared = await (await services.engines.signature()).prepare(image.bytes);
      const { sampleId } = await withTransaction(services.db, (tx) =>
        enrollSignature(tx, services, { tenantId, individualId, label: request.body.label, prepared }),
      );
      forgetSignatureGallery(services.db, tenantId);
      return reply.status(201).send({ sample_id: sampleId, individual_id: individualId });
    },
  );
}
