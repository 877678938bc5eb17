// OpenAPI generated from the route schemas (design: Stack), served at /openapi.json, with each surface's
// error bodies described on every route.
import fastifySwagger, { type FastifyDynamicSwaggerOptions } from "@fastify/swagger";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { z } from "zod";
import { surfaceOf } from "./error-bodies.js";

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
};

const ERROR_RESPONSES: Record<string, string> = {
  "400": "Validation error, unknown enum or bad date",
  "401": "Missing or invalid key, suspended tenant",
  "402": "insufficient_credits",
  "403": "feature_not_enabled",
  "404": "Not found (also another tenant's id)",
  "429": "Rate-limited; see Retry-After",
  "500": "internal",
};

export async function registerOpenApi(app: FastifyInstance, publicUrl: string): Promise<void> {
  const options: FastifyDynamicSwaggerOptions = {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Identity verification service",
        version: "2026-11-22",
        description:
          "Verify surface (`/v3`, header `x-api-key`), partner surface (`/api/v1`, `Authorization: Bearer` or `X-API-Key`), " +
          "and the applicant API (`/flow-api/<SESSION_TOKEN>/`, authorised by the session token). " +
          "Hostile input: strings with NUL or unpaired surrogates and JSON nested deeper than 32 levels are a 400 " +
          "naming the field; bodies of unauthenticated routes are limited (console login 4 KB, applicant API 16 KB, " +
          "partner form 64 KB, applicant steps 64 MB; 413); images are limited to 8 MB and 16 megapixels. " +
          "Field limits are given on each field; the README lists them all.",
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: {
          verifyKey: { type: "apiKey", in: "header", name: "x-api-key" },
          partnerBearer: { type: "http", scheme: "bearer" },
        },
        schemas: errorSchemas,
      },
    } as FastifyDynamicSwaggerOptions["openapi"],
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      const url = input.url;
      if (!url.startsWith("/v3") && !url.startsWith("/api/v1")) return transformed;
      const surface = surfaceOf(url);
      const ref =
        surface === "verify" ? "VerifyError" : surface === "partner" ? "PartnerError" : "ListsError";
      const schema = transformed.schema as Record<string, unknown>;
      const response = { ...((schema.response as Record<string, unknown> | undefined) ?? {}) };
      for (const [status, description] of Object.entries(ERROR_RESPONSES)) {
        response[status] ??= {
          description,
          content: { "application/json": { schema: { $ref: `#/components/schemas/${ref}` } } },
        };
      }
      const security: Record<string, string[]>[] =
        surface === "verify" ? [{ verifyKey: [] }] : [{ partnerBearer: [] }, { verifyKey: [] }];
      return { ...transformed, schema: { ...schema, response, security } as typeof transformed.schema };
    },
    transformObject: jsonSchemaTransformObject,
  };
  await app.register(fastifySwagger, options);
  app.get("/openapi.json", { schema: { hide: true } }, async () => app.swagger());
}
