// POST /v3/tools/liveness/challenge/ (spec: liveness tools — takes `method` of FLASHING, 3D_ACTION or
// GESTURE; mints a single-use challenge; free). Response (design): {challenge_id, method, expires_at,
// colors[] | actions[] | gestures[]}, valid 120 s.
import { z } from "zod";
import { challengeBody, mintChallenge } from "../engines/liveness/challenges.js";
import { CHALLENGE_METHODS, HAND_GESTURES, HEAD_ACTIONS } from "../engines/liveness/liveness-types.js";
import { type App, tenantOf } from "../platform/http/app.js";
import { requireFeatures } from "../platform/tenants/entitlements.js";
import type { Services } from "../services.js";

const response = z.object({
  challenge_id: z
    .string()
    .uuid()
    .describe("Send back as challenge_id to /v3/tools/liveness/verify/; single use."),
  method: z.enum(CHALLENGE_METHODS),
  expires_at: z.string().describe("ISO 8601 UTC; 120 s after minting."),
  colors: z
    .array(
      z.object({ color: z.string().describe("#RRGGBB shown full-screen"), duration_ms: z.number().int() }),
    )
    .optional()
    .describe(
      "FLASHING: show each colour for its duration, in order, capturing frames with t_ms from the first.",
    ),
  actions: z.array(z.enum(HEAD_ACTIONS)).optional().describe("3D_ACTION: head actions to perform in order."),
  gestures: z
    .array(z.enum(Object.keys(HAND_GESTURES) as [keyof typeof HAND_GESTURES]))
    .optional()
    .describe("GESTURE: hand gestures to show beside the face, in order."),
});

export function registerLivenessChallengeRoute(app: App, services: Services): void {
  app.post(
    "/tools/liveness/challenge/",
    {
      config: { rateBucket: "kyc_v3_tools" },
      schema: {
        summary: "Mint a single-use liveness challenge",
        description: "Free. Needs LIVENESS and the method key enabled (403 feature_not_enabled).",
        tags: ["tools"],
        body: z.object({
          method: z
            .enum(CHALLENGE_METHODS, {
              error: (issue) => (issue.input === undefined ? "method_required" : "invalid_method"),
            })
            .describe("FLASHING, 3D_ACTION or GESTURE."),
        }),
        response: { 200: response },
      },
    },
    async (request) => {
      const { tenantId } = tenantOf(request);
      await requireFeatures(services.db, tenantId, ["LIVENESS", request.body.method]);
      const challenge = await mintChallenge(services.db, { tenantId, method: request.body.method });
      return challengeBody(challenge) as z.infer<typeof response>;
    },
  );
}
