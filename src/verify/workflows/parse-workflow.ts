// Validates a workflow definition (from `kyc workflow create --file` or the operator API): every node's
// feature must be a catalog key served by a module of this build, and its config must make sense.
import { z } from "zod";
import { AppError } from "../../platform/errors.js";
import { WORKFLOW_FEATURES } from "../../platform/features.js";
import type { WorkflowNode } from "../modules/module.js";
import { moduleFor } from "../modules/registry.js";

const definitionSchema = z.object({
  name: z.string().trim().min(1).max(200),
  status: z.enum(["draft", "live", "archived"]).default("live"),
  description: z.string().max(2000).optional(),
  nodes: z
    .array(
      z.object({
        id: z
          .string()
          .regex(/^[a-z0-9_-]{1,64}$/, "node ids are lower-case letters, digits, - and _")
          .optional(),
        feature: z.string(),
        enabled: z.boolean().default(true),
        config: z.record(z.string(), z.unknown()).default({}),
      }),
    )
    .min(1)
    .max(30),
  branding: z.record(z.string(), z.unknown()).default({}),
});

export interface WorkflowDefinition {
  name: string;
  status: "draft" | "live" | "archived";
  nodes: WorkflowNode[];
  branding: Record<string, unknown>;
}

/** A module's refusal names the node it is about (`nodes.<index>: …`), so an editor can show it in place. */
function atNode<T>(index: number, check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (error instanceof AppError && error.code === "invalid_workflow") {
      throw new AppError("invalid_workflow", { message: `nodes.${index}: ${error.message}`, cause: error });
    }
    throw error;
  }
}

export function parseWorkflowDefinition(input: unknown): WorkflowDefinition {
  const parsed = definitionSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError("invalid_workflow", {
      message: `${issue.path.join(".") || "workflow"}: ${issue.message}`,
    });
  }
  const seen = new Set<string>();
  const nodes = parsed.data.nodes.map((node, index): WorkflowNode => {
    const feature = node.feature.trim().toUpperCase();
    if (!(WORKFLOW_FEATURES as readonly string[]).includes(feature)) {
      throw new AppError("invalid_workflow", { message: `nodes.${index}: unknown feature ${node.feature}` });
    }
    const module = moduleFor(feature);
    if (!module) {
      throw new AppError("invalid_workflow", {
        message: `nodes.${index}: ${feature} has no engine in this build and cannot run in a workflow yet`,
      });
    }
    const id = node.id ?? `${feature.toLowerCase()}_${index + 1}`;
    if (seen.has(id))
      throw new AppError("invalid_workflow", { message: `nodes.${index}: duplicate node id ${id}` });
    seen.add(id);
    const config = atNode(index, () => module.parseConfig(node.config, feature));
    return { id, feature, enabled: node.enabled, config };
  });
  nodes.forEach((node, index) => {
    if (node.enabled) atNode(index, () => moduleFor(node.feature)!.checkPlacement?.(node, nodes));
  });
  if (!nodes.some((node) => node.enabled)) {
    throw new AppError("invalid_workflow", { message: "a workflow needs at least one enabled node" });
  }
  return { name: parsed.data.name, status: parsed.data.status, nodes, branding: parsed.data.branding };
}
