// AGE_ESTIMATION (server-only, additive decision array `age_estimations`, present only when enabled): the
// age the face engine estimates from the live selfie LIVENESS kept, against the node's minimum age.
// Decided here: estimates carry error, so within `review_margin` years (default 3) of the limit either
// way the node goes to review (age_near_minimum); below the margin it is declined (under_minimum_age).
// Score = the estimated age in whole years; data {estimated_age, minimum_age, review_margin, selfie_url}.
import { z } from "zod";
import { AppError, isAppError } from "../../platform/errors.js";
import { mediaUrl } from "../../platform/media/evidence.js";
import type { NodeStatus, WorkflowModule } from "./module.js";
import { liveSelfiePath } from "./session-evidence.js";

const configSchema = z.strictObject({
  minimum_age: z.number().int().min(1).max(120).default(18),
  review_margin: z.number().min(0).max(15).default(3),
});

function parseConfig(config: unknown): Record<string, unknown> {
  const parsed = configSchema.safeParse(config ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError("invalid_workflow", {
      message: `AGE_ESTIMATION: ${issue.path.join(".")} ${issue.message}`.trim(),
    });
  }
  return parsed.data;
}

export const ageEstimationModule: WorkflowModule = {
  features: ["AGE_ESTIMATION"],
  decisionArray: "age_estimations",
  parseConfig,
  entitlements: () => ["AGE_ESTIMATION"],
  async evaluate(context) {
    const config = configSchema.parse(context.node.config);
    const { services } = context;
    const selfiePath = liveSelfiePath(context.nodes);
    const data: Record<string, unknown> = {
      estimated_age: null,
      minimum_age: config.minimum_age,
      review_margin: config.review_margin,
      selfie_url: selfiePath ? mediaUrl(services.config.publicUrl, selfiePath) : null,
    };
    const review = (warning: string) => ({
      result: { status: "in_review" as const, score: null, warnings: [warning], data },
    });
    if (!selfiePath) return review("age_estimation_missing_input");
    let age: number | null;
    try {
      const face = await context.evidence.oneFace(selfiePath);
      if (!face) return review("age_estimation_missing_input");
      age = face.age;
    } catch (error) {
      if (isAppError(error) && error.status === 422) return review("age_estimation_no_face");
      throw error;
    }
    if (age === null) return review("age_estimation_unavailable");
    const estimated = Math.round(age * 10) / 10;
    data.estimated_age = estimated;
    let status: NodeStatus = "approved";
    const warnings: string[] = [];
    if (estimated < config.minimum_age - config.review_margin) {
      status = "declined";
      warnings.push("under_minimum_age");
    } else if (Math.abs(estimated - config.minimum_age) <= config.review_margin) {
      status = "in_review";
      warnings.push("age_near_minimum");
    }
    return { result: { status, score: Math.round(estimated), warnings, data } };
  },
};
