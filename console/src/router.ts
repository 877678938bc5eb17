// Client-side routes under /console/: the queue, one session, API keys, new verification links, and the
// operations pages (tenants, operators, audit log, AML lists, evidence retention, the operator's account).
import { useEffect, useMemo, useState } from "preact/hooks";

export type Route =
  | { page: "queue" }
  | { page: "session"; tenantId: string; sessionId: string }
  | { page: "video-calls" }
  | { page: "video-call"; tenantId: string; callId: string }
  | { page: "keys" }
  | { page: "links" }
  | { page: SimplePage }
  | { page: ConfigPage }
  | { page: "not-found" };

const SIMPLE_PAGES = ["tenants", "operators", "audit", "aml", "retention", "account"] as const;
export type SimplePage = (typeof SIMPLE_PAGES)[number];

/** The admin configuration pages (issue 19), each at /console/<name>. */
export const CONFIG_PAGES = [
  "workflows",
  "branding",
  "webhooks",
  "risk-lists",
  "flows",
  "credits",
  "imports",
  "registry",
] as const;
export type ConfigPage = (typeof CONFIG_PAGES)[number];

export function parseRoute(pathname: string): Route {
  const rest = pathname.replace(/^\/console\/?/, "");
  if (rest === "") return { page: "queue" };
  if (rest === "keys") return { page: "keys" };
  if (rest === "links") return { page: "links" };
  if (rest === "video-calls") return { page: "video-calls" };
  const call = /^tenants\/([^/]+)\/video-calls\/([^/]+)$/.exec(rest);
  if (call) return { page: "video-call", tenantId: call[1]!, callId: call[2]! };
  const simple = SIMPLE_PAGES.find((page) => page === rest);
  if (simple) return { page: simple };
  const config = CONFIG_PAGES.find((name) => name === rest);
  if (config) return { page: config };
  const session = /^tenants\/([^/]+)\/sessions\/([^/]+)$/.exec(rest);
  if (session) return { page: "session", tenantId: session[1]!, sessionId: session[2]! };
  return { page: "not-found" };
}

export function sessionPath(tenantId: string, sessionId: string): string {
  return `/console/tenants/${tenantId}/sessions/${sessionId}`;
}

export function videoCallPath(tenantId: string, callId: string): string {
  return `/console/tenants/${tenantId}/video-calls/${callId}`;
}

export function navigate(path: string): void {
  history.pushState(null, "", path);
  dispatchEvent(new PopStateEvent("popstate"));
}

export function useRoute(): Route {
  const [path, setPath] = useState(() => location.pathname);
  useEffect(() => {
    const update = () => setPath(location.pathname);
    addEventListener("popstate", update);
    // A child's mount effect runs before this one and may already have navigated (a redirect): no listener heard it.
    if (location.pathname !== path) update();
    return () => removeEventListener("popstate", update);
  }, []);
  return useMemo(() => parseRoute(path), [path]);
}

/** A plain link that navigates in-page (keeps Ctrl/⌘-click opening a new tab). */
export function onLinkClick(event: MouseEvent): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
    return;
  const anchor = event.currentTarget as HTMLAnchorElement;
  event.preventDefault();
  navigate(anchor.pathname + anchor.search);
}
