// Operators read the domain's sentence ("nodes.0: unknown feature X"), not only its code: console errors keep
// the /v3 body shape `{detail}` with the message as the detail where the domain gave no fixed detail. The
// root error handler (platform/http/app.ts) still renders every body; this only re-throws to it.
import type { FastifyError } from "fastify";
import { AppError, isAppError } from "../platform/errors.js";

export function withMessageAsDetail(error: FastifyError | AppError): FastifyError | AppError {
  if (!isAppError(error) || error.detail !== undefined || error.message === error.code) return error;
  return new AppError(error.code, {
    detail: error.message,
    message: error.message,
    field: error.field,
    extra: error.extra,
    headers: error.headers,
    cause: error.cause,
  });
}
