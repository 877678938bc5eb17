// The console API from the page: same-origin fetches with the session cookie; every change sends the CSRF
// token the sign-in (or /me) answered with.

export interface Operator {
  email: string;
  role: "admin" | "reviewer";
  csrf_token: string | null;
  totp_enabled: boolean;
  /** What the operator must do before anything else: choose a password, or enrol TOTP. */
  pending: "password_change" | "totp_enrolment" | null;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly retryAfterSeconds: number | null,
  ) {
    super(detail);
  }
}

let csrfToken: string | null = null;

export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

/** PUTs raw bytes (a recording slice) with the CSRF header; throws ApiError like `api`. */
export async function apiPutBytes(path: string, body: Blob, contentType: string): Promise<void> {
  const headers: Record<string, string> = { "content-type": contentType };
  if (csrfToken) headers["x-csrf-token"] = csrfToken;
  const response = await fetch(`/console/api${path}`, {
    method: "PUT",
    headers,
    body,
    credentials: "same-origin",
  });
  if (!response.ok) throw new ApiError(response.status, String(response.status), null);
}

export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  return (await request<T>(method, path, body)).json;
}

/** A paged list: the rows and the total the API put in `X-Total-Count`. */
export async function apiPage<T>(path: string): Promise<{ rows: T[]; total: number }> {
  const { json, response } = await request<T[]>("GET", path);
  const total = Number(response.headers.get("x-total-count"));
  return { rows: json, total: Number.isFinite(total) ? total : json.length };
}

async function request<T>(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ json: T; response: Response }> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (method !== "GET" && csrfToken) headers["x-csrf-token"] = csrfToken;
  const response = await fetch(`/console/api${path}`, {
    method,
    headers,
    credentials: "same-origin",
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const json = text ? (JSON.parse(text) as unknown) : null;
  if (!response.ok) {
    const detail = (json as { detail?: unknown } | null)?.detail;
    const retry = Number(response.headers.get("retry-after"));
    throw new ApiError(
      response.status,
      typeof detail === "string" ? detail : JSON.stringify(detail ?? response.statusText),
      Number.isFinite(retry) && retry > 0 ? retry : null,
    );
  }
  return { json: json as T, response };
}

/** A URL the API put in a result (`…/v3/media/<path>`) as the console's own media route for that tenant. */
export function consoleMediaUrl(tenantId: string, url: unknown): string | null {
  if (typeof url !== "string") return null;
  const at = url.indexOf("/v3/media/");
  return at < 0 ? null : `/console/api/tenants/${tenantId}/media/${url.slice(at + "/v3/media/".length)}`;
}
