// Schema validation failures become AppErrors that name the field (design: "Validation failures name the field").
// A custom zod message that is already a code (`invalid_status`) is used as is; otherwise the code is
// `<field>_required` for a missing value and `invalid_<field>` for a bad one (the tools' convention).
import { AppError, ERROR_STATUS, type ErrorCode } from "../errors.js";

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  keyword?: string;
  params?: Record<string, unknown>;
}

export function validationToAppError(issues: ValidationIssue[], context: string | undefined): AppError {
  const issue = issues[0] ?? {};
  const path = (issue.instancePath ?? "").split("/").filter(Boolean);
  const field = path[0] ?? context ?? "body";
  const message = issue.message ?? "invalid";
  const missing = issue.keyword === "invalid_type" && /received undefined/.test(message);
  const codeLike = /^[a-z][a-z0-9_]*$/.test(message);
  const detail = codeLike ? message : missing ? `${field}_required` : `invalid_${field}`;
  const code: ErrorCode = codeLike && message in ERROR_STATUS ? (message as ErrorCode) : "validation_failed";
  return new AppError(code, { detail, field, message: `${path.join(".") || field}: ${message}` });
}
