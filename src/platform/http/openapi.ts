// OpenAPI generated from the route schemas (design: Stack), served at /openapi.json. The transform gives every
// operation an operationId, its surface's error responses (with examples) and its security requirement
// (openapi-operations.ts); the composition root adds the webhook payloads (OpenAPI 3.1 `webhooks`).
import fastifySwagger, { type FastifyDynamicSwaggerOptions } from "@fastify/swagger";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  COMMON_ERRORS,
  deriveOperationId,
  documentedSurfaceOf,
  ERROR_SCHEMA_OF,
  ERRORS_BY_SURFACE,
  SECURITY_SCHEMES,
  securityFor,
} from "./openapi-operations.js";

function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, { target: "openapi-3.0" }) as Record<string, unknown>;
}

const errorSchemas = {
  VerifyError: jsonSchema(
    z
      .object({
        detail: z.string().describe("The stable code, or a fixed sentence where the spec gives one."),
        features: z.array(z.string()).optional().describe("On 403 feature_not_enabled."),
        error: z.string().optional().describe("A sentence, on identity-import refusals."),
      })
      .describe("Verify-surface error"),
  ),
  PartnerError: jsonSchema(
    z
      .object({ ok: z.literal(false), error: z.string(), detail: z.string().optional() })
      .describe("Partner sessions/applications error"),
  ),
  ListsError: jsonSchema(
    z
      .object({
        error: z.string(),
        id: z.string().optional().describe("The existing list or entry, on 409."),
        invalid: z.number().int().optional(),
        errors: z.array(z.object({ row: z.number().int(), error: z.string() })).optional(),
      })
      .describe("Risk-list error"),
  ),
  ConsoleError: jsonSchema(
    z
      .object({ detail: z.string().describe("Why, as a sentence an operator can act on.") })
      .describe("Console error"),
  ),
  ApplicantError: jsonSchema(
    z
      .looseObject({
        detail: z.string().describe("A stable code; branch on it."),
        message: z.string().describe("A human sentence; not contractual."),
      })
      .describe("Applicant API error"),
  ),
};

export interface OpenApiExtras {
  /** OpenAPI 3.1 `webhooks`: what the service POSTs to the tenant's URL, by event type. */
  webhooks?: Record<string, unknown>;
  /** Component schemas the webhooks refer to. */
  schemas?: Record<string, unknown>;
}

export async function registerOpenApi(
  app: FastifyInstance,
  publicUrl: string,
  extras: OpenApiExtras = {},
): Promise<void> {
  const options: FastifyDynamicSwaggerOptions = {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Identity verification service",
        version: "2026-11-22",
        description:
          "Verify surface (`/v3`, header `x-api-key`), partner surface (`/api/v1`, `Authorization: Bearer` or `X-API-Key`), " +
          "the operator console API (`/console/api`, `Authorization: Bearer <operator token>`) " +
          "and the applicant API (`/flow-api/<SESSION_TOKEN>/`, authorised by the session token in the path). " +
          "Sandbox: a test key (`kyc_test_…`) creates test sessions, which are free, isolated from live data and " +
          "decided with POST /v3/sandbox/session/{session_id}/complete/. " +
          "Hostile input: strings with NUL or unpaired surrogates and JSON nested deeper than 32 levels are a 400 " +
          "naming the field; bodies of unauthenticated routes are limited (console login 4 KB, applicant API 16 KB, " +
          "partner form 64 KB, applicant steps 64 MB; 413); images are limited to 8 MB and 16 megapixels. " +
          "Field limits are given on each field; the README lists them all.",
      },
      servers: [{ url: publicUrl }],
      components: { securitySchemes: SECURITY_SCHEMES, schemas: { ...errorSchemas, ...extras.schemas } },
    } as FastifyDynamicSwaggerOptions["openapi"],
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      const url = input.url;
      const schema = transformed.schema as Record<string, unknown>;
      const method = Array.isArray(input.route.method) ? input.route.method[0]! : input.route.method;
      const operationId = (schema.operationId as string | undefined) ?? deriveOperationId(method, url);
      const surface = documentedSurfaceOf(url);
      if (!surface)
        return { ...transformed, schema: { ...schema, operationId } as typeof transformed.schema };
      const ref = `#/components/schemas/${ERROR_SCHEMA_OF[surface]}`;
      const response = { ...((schema.response as Record<string, unknown> | undefined) ?? {}) };
      for (const status of ERRORS_BY_SURFACE[surface]) {
        const error = COMMON_ERRORS[status]!;
        response[status] ??= {
          description: error.description,
          content: { "application/json": { schema: { $ref: ref }, example: error.example[surface] } },
        };
      }
      return {
        ...transformed,
        schema: {
          ...schema,
          operationId,
          response,
          security: securityFor(surface, url),
        } as typeof transformed.schema,
      };
    },
    transformObject: jsonSchemaTransformObject,
  };
  await app.register(fastifySwagger, options);
  app.get("/openapi.json", { schema: { hide: true } }, async () => {
    const document = app.swagger() as unknown as Record<string, unknown>;
    return extras.webhooks ? { ...document, webhooks: extras.webhooks } : document;
  });
}
