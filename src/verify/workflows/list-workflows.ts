// GET /v3/workflows/ (spec): a bare array; `features` in graph order, repeats kept, disabled nodes omitted.
// `nodes` (additive) gives each node's id, feature, enabled flag and the configuration it really runs.
import { z } from "zod";
import { type App, tenantOf } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { listWorkflows } from "./workflows.js";

export function registerListWorkflowsRoute(app: App, services: Services): void {
  app.get(
    "/workflows/",
    {
      config: { rateBucket: "kyc_v3_read" },
      schema: {
        summary: "List workflows",
        tags: ["workflows"],
        response: {
          200: z.array(
            z.object({
              id: z.string().uuid(),
              name: z.string(),
              status: z.enum(["draft", "live", "archived"]),
              features: z.array(z.string()).describe("Catalog keys in graph order; a key may repeat."),
              is_default: z.boolean(),
              nodes: z
                .array(
                  z.object({
                    id: z.string(),
                    feature: z.string(),
                    enabled: z.boolean(),
                    config: z.record(z.string(), z.unknown()),
                  }),
                )
                .describe(
                  "Every node in graph order with its configuration, module defaults filled in " +
                    "(examples/workflows/README.md documents each key).",
                ),
            }),
          ),
        },
      },
    },
    async (request) => {
      const workflows = await listWorkflows(services.db, tenantOf(request).tenantId);
      return workflows.map((workflow) => ({
        id: workflow.id,
        name: workflow.name,
        status: workflow.status,
        features: workflow.nodes.filter((node) => node.enabled).map((node) => node.feature),
        is_default: workflow.is_default,
        nodes: workflow.nodes.map((node) => ({
          id: node.id,
          feature: node.feature,
          enabled: node.enabled,
          config: node.config,
        })),
      }));
    },
  );
}
