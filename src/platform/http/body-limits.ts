// Request body limits per route (issue 22). Surface routes authenticate in `onRequest`, before any body is
// read, so only the routes a stranger can reach need a small limit: console login and the applicant API.
// The applicant step route carries the captures (base64 images, frames, a WebM clip) and keeps the large one.

/** Images travel as base64 (8 MB decoded each, several per request for liveness frames). */
export const DEFAULT_BODY_LIMIT = 64 * 1024 * 1024;

/** Documented in the README (Limits) and the OpenAPI description of each route. */
export const UNAUTHENTICATED_BODY_LIMITS: { pattern: RegExp; bytes: number }[] = [
  { pattern: /^\/console\/api\/(login|sign-in)\/?$/, bytes: 4 * 1024 },
  { pattern: /^\/flow-api\/:token\/steps\/:node_id\/?$/, bytes: DEFAULT_BODY_LIMIT },
  { pattern: /^\/flow-api\/s\/:token\/form\/?$/, bytes: 64 * 1024 },
  { pattern: /^\/flow-api\//, bytes: 16 * 1024 },
];

/** The body limit a route gets when it does not set its own, or undefined for the app default. */
export function bodyLimitFor(url: string): number | undefined {
  return UNAUTHENTICATED_BODY_LIMITS.find((entry) => entry.pattern.test(url))?.bytes;
}
