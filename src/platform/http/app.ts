// Builds the Fastify app: zod schemas for validation and OpenAPI, one error handler choosing the surface's
// renderer, per-surface authentication and rate limiting, and the explicitly registered route sets.
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from "fastify";
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { Logger } from "pino";
import type { RateBucket } from "../../config.js";
import type { ApiKeyCache } from "../auth/api-key-cache.js";
import { authenticateApiKey, type TenantContext } from "../auth/authenticate.js";
import type { KeyUsageRecorder } from "../auth/key-usage.js";
import type { Db } from "../db/database.js";
import { AppError, isAppError } from "../errors.js";
import type { RateLimiter } from "../rate-limit/rate-limiter.js";
import { bodyLimitFor, DEFAULT_BODY_LIMIT } from "./body-limits.js";
import { answerClientError } from "./client-errors.js";
import { renderError, surfaceOf } from "./error-bodies.js";
import { assertStorableInput } from "./input-guards.js";
import { type OpenApiExtras, registerOpenApi } from "./openapi.js";
import { redactTokens } from "./redact-url.js";
import { validationToAppError } from "./validation-errors.js";

declare module "fastify" {
  interface FastifyRequest {
    tenant?: TenantContext;
  }
  interface FastifyContextConfig {
    /** The per-tenant rate bucket this route draws from (spec: Limits). */
    rateBucket?: RateBucket;
  }
}

export type App = FastifyInstance<
  import("node:http").Server,
  import("node:http").IncomingMessage,
  import("node:http").ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What the app itself needs; the composition root passes its whole Services, which routes receive. */
export interface HttpContext {
  db: Db;
  log: Logger;
  keyUsage: KeyUsageRecorder;
  /** Recent key lookups, invalidated on revoke/suspend across nodes (absent: every request reads the key). */
  apiKeys?: ApiKeyCache;
  rateLimiter: RateLimiter;
  config: {
    publicUrl: string;
    rateLimits: Record<RateBucket, number>;
    /** Whose X-Forwarded-For decides `request.ip` (TRUST_PROXY); never believed by default. */
    trustProxy?: boolean | string[];
  };
}

export interface SurfaceDefinition<C> {
  prefix: string;
  /** Pulls the raw API key out of the request headers. */
  keyFrom: (headers: FastifyRequest["headers"]) => string | undefined;
  register: (app: App, context: C) => void | Promise<void>;
}

export interface BuildAppOptions<C> {
  surfaces: SurfaceDefinition<C>[];
  /** Routes with no API key (health, OpenAPI, the applicant API, hosted pages). */
  publicRoutes?: (app: App, context: C) => void | Promise<void>;
  logger?: boolean;
  /** Parts of /openapi.json no route schema describes (the webhook payloads). */
  openApi?: OpenApiExtras;
}

export interface RegisteredRoute {
  method: string;
  url: string;
  /** Left out of the OpenAPI document on purpose (pages, assets, the document itself). */
  hidden: boolean;
}

const ROUTES = new WeakMap<object, RegisteredRoute[]>();

/** Every route the app registered, in order (the OpenAPI test compares them with the document). */
export function registeredRoutes(app: App): readonly RegisteredRoute[] {
  return ROUTES.get(app) ?? [];
}

export async function buildApp<C extends HttpContext>(
  services: C,
  options: BuildAppOptions<C>,
): Promise<App> {
  const app = Fastify({
    loggerInstance: options.logger === false ? undefined : (services.log as FastifyBaseLogger),
    bodyLimit: DEFAULT_BODY_LIMIT,
    trustProxy: services.config.trustProxy ?? false,
    // Fastify's own request log prints the raw URL, which for the applicant API holds the session's
    // credential; the onResponse hook below logs it with the token removed instead.
    logController: new LogController({ disableRequestLogging: true }),
    // The spec writes paths with a trailing slash; integrators often drop it.
    routerOptions: { ignoreTrailingSlash: true },
    // Requests the HTTP parser refuses (headers over 16 KB, not HTTP) answer in the surface's shape too.
    clientErrorHandler: answerClientError,
    // Router failures (bad percent-encoding, an over-long path parameter) answer in the surface's shape.
    frameworkErrors: (error, request, reply: FastifyReply) => {
      const appError = routerError(error);
      return reply.status(appError.status).send(renderError(surfaceOf(request.url), appError));
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.addHook("onResponse", async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: redactTokens(request.url),
        statusCode: reply.statusCode,
        responseTimeMs: Math.round(reply.elapsedTime),
      },
      "request completed",
    );
  });
  const routes: RegisteredRoute[] = [];
  ROUTES.set(app, routes);
  app.addHook("onRoute", (route) => {
    const limit = bodyLimitFor(route.url);
    if (route.bodyLimit === undefined && limit !== undefined) route.bodyLimit = limit;
    const hidden = (route.schema as { hide?: boolean } | undefined)?.hide === true;
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, hidden });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // A POST without a body validates as an empty object, so all-optional bodies work without `{}`.
  app.addHook("preValidation", async (request) => {
    if (request.body === undefined && request.routeOptions.schema?.body) request.body = {};
    // NUL, lone surrogates and hostile nesting never reach a handler or the database (input-guards.ts).
    assertStorableInput(request.params, "path");
    assertStorableInput(request.query, "query");
    assertStorableInput(request.body, "body");
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error);
    if (appError.status >= 500) request.log.error({ err: error }, "request failed");
    if (appError.headers) reply.headers(appError.headers);
    return reply.status(appError.status).send(renderError(surfaceOf(request.url), appError));
  });
  app.setNotFoundHandler((request, reply) => {
    const error = new AppError("route_not_found", { detail: "Not found.", message: "Not found." });
    return reply.status(404).send(renderError(surfaceOf(request.url), error));
  });

  await registerOpenApi(app, services.config.publicUrl, options.openApi);

  for (const surface of options.surfaces) {
    await app.register(
      async (scoped) => {
        const typed = scoped.withTypeProvider<ZodTypeProvider>();
        typed.addHook("onRequest", async (request) => {
          request.tenant = await authenticateApiKey(
            services.db,
            surface.keyFrom(request.headers),
            services.apiKeys,
          );
          services.keyUsage.record(request.tenant.keyId);
        });
        typed.addHook("preHandler", async (request, reply) => {
          const bucket = request.routeOptions.config.rateBucket;
          if (!bucket || !request.tenant) return;
          const decision = await services.rateLimiter.hit(
            request.tenant.tenantId,
            bucket,
            services.config.rateLimits[bucket],
          );
          reply.header("X-RateLimit-Limit", decision.limit);
          reply.header("X-RateLimit-Remaining", decision.remaining);
          if (!decision.allowed) {
            throw new AppError("rate_limited", {
              detail: "Request was throttled.",
              message: "Too many requests; retry after the Retry-After delay.",
              headers: { "Retry-After": String(decision.retryAfterSeconds) },
            });
          }
        });
        await surface.register(typed as App, services);
      },
      { prefix: surface.prefix },
    );
  }
  if (options.publicRoutes) await options.publicRoutes(app as App, services);
  return app as App;
}

/** The authenticated tenant of a surface route. */
export function tenantOf(request: FastifyRequest): TenantContext {
  if (!request.tenant) throw new AppError("invalid_api_key", { detail: "invalid API key" });
  return request.tenant;
}

/** spec: Errors — a path that cannot be decoded is a 400; no id is longer than the router's limit (404). */
function routerError(error: FastifyError): AppError {
  if (error.code === "FST_ERR_BAD_URL") {
    return new AppError("validation_failed", {
      detail: "invalid_path",
      field: "path",
      message: "The path is not valid percent-encoded UTF-8.",
    });
  }
  if (error.code === "FST_ERR_MAX_PARAM_LENGTH") {
    return new AppError("route_not_found", { detail: "Not found.", message: "Not found." });
  }
  return new AppError("internal", { cause: error, message: "Internal error." });
}

function toAppError(error: FastifyError): AppError {
  if (isAppError(error)) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    return validationToAppError(error.validation, error.validationContext);
  }
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return new AppError("invalid_json", { detail: "invalid_json", message: "The body is not valid JSON." });
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return new AppError("payload_too_large", { message: "The body is too large." });
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return new AppError("unsupported_media_type", { message: "Send the body as application/json." });
  }
  if (error instanceof SyntaxError || error.statusCode === 400) {
    return new AppError("invalid_json", { detail: "invalid_json", message: "The body is not valid JSON." });
  }
  return new AppError("internal", { cause: error, message: "Internal error." });
}
