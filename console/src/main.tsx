// The operator console's shell: who is signed in (GET /me), the sign-in form otherwise, navigation and pages.
import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { ApiError, api, type Operator, setCsrfToken } from "./api.js";
import { ConfigNav, ConfigPages } from "./config-pages.js";
import { KeysPage } from "./keys-page.js";
import { LinksPage } from "./links-page.js";
import { QueuePage } from "./queue-page.js";
import { onLinkClick, useRoute } from "./router.js";
import { SessionPage } from "./session-page.js";
import { SignInPage } from "./sign-in-page.js";
import "./styles.css";

function App() {
  const [operator, setOperator] = useState<Operator | null | undefined>(undefined);
  const route = useRoute();

  useEffect(() => {
    api<Operator>("GET", "/me")
      .then((me) => {
        setCsrfToken(me.csrf_token);
        setOperator(me);
      })
      .catch(() => setOperator(null));
  }, []);

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
  return (
    <>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="top">
        <strong class="brand">Operator console</strong>
        <nav aria-label="Main">
          <a
            href="/console/"
            onClick={onLinkClick}
            aria-current={route.page === "queue" ? "page" : undefined}
          >
            Review queue
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
              <ConfigNav route={route} />
            </>
          )}
        </nav>
        <span class="who">
          {operator.email} ({operator.role})
        </span>
        <button type="button" class="secondary" onClick={() => void signOut()}>
          Sign out
        </button>
      </header>
      <main id="main" tabIndex={-1}>
        {route.page === "queue" && <QueuePage />}
        {route.page === "session" && (
          <SessionPage key={route.sessionId} tenantId={route.tenantId} sessionId={route.sessionId} />
        )}
        {route.page === "keys" && <KeysPage />}
        {route.page === "links" && <LinksPage />}
        <ConfigPages route={route} />
        {route.page === "not-found" && <h1>Page not found</h1>}
      </main>
    </>
  );
}

render(<App />, document.getElementById("app")!);
