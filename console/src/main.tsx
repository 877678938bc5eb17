// The operator console's shell: who is signed in (GET /me), the sign-in form otherwise, navigation and pages.
import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { AccountPage } from "./account-page.js";
import { AmlPage } from "./aml-page.js";
import { ApiError, api, type Operator, setCsrfToken } from "./api.js";
import { AuditPage } from "./audit-page.js";
import { ConfigNav, ConfigPages } from "./config-pages.js";
import { KeysPage } from "./keys-page.js";
import { LinksPage } from "./links-page.js";
import { OperatorsPage } from "./operators-page.js";
import { QueuePage } from "./queue-page.js";
import { RetentionPage } from "./retention-page.js";
import { onLinkClick, type Route, useRoute } from "./router.js";
import { SessionPage } from "./session-page.js";
import { SignInPage } from "./sign-in-page.js";
import { TenantsPage } from "./tenants-page.js";
import { VideoCallPage } from "./video-call-page.js";
import { VideoQueuePage } from "./video-queue-page.js";
import "./styles.css";

// Admin pages beside the queue, keys and links: [path under /console/, nav label].
const OPERATIONS = [
  ["tenants", "Tenants"],
  ["operators", "Operators"],
  ["audit", "Audit log"],
  ["aml", "AML lists"],
  ["retention", "Retention"],
] as const;

function App() {
  const [operator, setOperator] = useState<Operator | null | undefined>(undefined);
  const route = useRoute();
  // On a phone the navigation folds behind a Menu button; moving to another page folds it again.
  const [menuOpen, setMenuOpen] = useState(false);
  const routeKey = JSON.stringify(route);
  useEffect(() => setMenuOpen(false), [routeKey]);

  function loadMe() {
    api<Operator>("GET", "/me")
      .then((me) => {
        setCsrfToken(me.csrf_token);
        setOperator(me);
      })
      .catch(() => setOperator(null));
  }

  useEffect(loadMe, []);

  function signedIn(me: Operator) {
    setCsrfToken(me.csrf_token);
    setOperator(me);
  }

  async function signOut() {
    await api("POST", "/logout").catch((error: unknown) => {
      if (!(error instanceof ApiError && error.status === 401)) throw error;
    });
    setCsrfToken(null);
    setOperator(null);
  }

  if (operator === undefined) return <p class="loading">Loading…</p>;
  if (operator === null) return <SignInPage onSignedIn={signedIn} />;
  // A temporary password or a required second factor comes first: only the account page until it is done.
  const page: Route["page"] = operator.pending ? "account" : route.page;
  return (
    <>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="top">
        <strong class="brand">Operator console</strong>
        <button
          type="button"
          class="menu-toggle secondary"
          aria-expanded={menuOpen}
          aria-controls="main-nav"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          Menu
        </button>
        <nav id="main-nav" aria-label="Main" class={menuOpen ? "open" : undefined}>
          <a
            href="/console/"
            onClick={onLinkClick}
            aria-current={route.page === "queue" ? "page" : undefined}
          >
            Review queue
          </a>
          <a
            href="/console/video-calls"
            onClick={onLinkClick}
            aria-current={route.page === "video-calls" || route.page === "video-call" ? "page" : undefined}
          >
            Video calls
          </a>
          {operator.role === "admin" && (
            <>
              <a
                href="/console/links"
                onClick={onLinkClick}
                aria-current={route.page === "links" ? "page" : undefined}
              >
                New link
              </a>
              <a
                href="/console/keys"
                onClick={onLinkClick}
                aria-current={route.page === "keys" ? "page" : undefined}
              >
                API keys
              </a>
              {OPERATIONS.map(([path, name]) => (
                <a
                  key={path}
                  href={`/console/${path}`}
                  onClick={onLinkClick}
                  aria-current={route.page === path ? "page" : undefined}
                >
                  {name}
                </a>
              ))}
              <ConfigNav route={route} />
            </>
          )}
        </nav>
        <a
          class="who"
          href="/console/account"
          onClick={onLinkClick}
          aria-current={page === "account" ? "page" : undefined}
        >
          {operator.email} ({operator.role})
        </a>
        <button type="button" class="secondary" onClick={() => void signOut()}>
          Sign out
        </button>
      </header>
      <main id="main" tabIndex={-1}>
        {page === "account" && <AccountPage operator={operator} onChanged={loadMe} />}
        {page === "tenants" && <TenantsPage />}
        {page === "operators" && <OperatorsPage selfEmail={operator.email} onSecurityChanged={loadMe} />}
        {page === "audit" && <AuditPage />}
        {page === "aml" && <AmlPage />}
        {page === "retention" && <RetentionPage />}
        {page === "queue" && <QueuePage />}
        {page === "video-calls" && <VideoQueuePage />}
        {page === "video-call" && route.page === "video-call" && (
          <VideoCallPage key={route.callId} tenantId={route.tenantId} callId={route.callId} />
        )}
        {page === "session" && route.page === "session" && (
          <SessionPage key={route.sessionId} tenantId={route.tenantId} sessionId={route.sessionId} />
        )}
        {page === "keys" && <KeysPage />}
        {page === "links" && <LinksPage />}
        {!operator.pending && <ConfigPages route={route} />}
        {page === "not-found" && <h1>Page not found</h1>}
      </main>
    </>
  );
}

render(<App />, document.getElementById("app")!);
