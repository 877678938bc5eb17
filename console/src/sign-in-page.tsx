// Sign-in with email and password, then the authenticator code when the operator uses TOTP; a wrong password,
// a wrong code and a locked email each say so plainly.
import { useEffect, useRef, useState } from "preact/hooks";
import { ApiError, api, type Operator } from "./api.js";

function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.detail === "totp_invalid") return "Wrong or already used code.";
  if (error instanceof ApiError && error.status === 401) return "Wrong email or password.";
  if (error instanceof ApiError && error.status === 429) {
    const minutes = Math.max(1, Math.ceil((error.retryAfterSeconds ?? 60) / 60));
    return `Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
  }
  return "Sign-in failed. Please try again.";
}

export function SignInPage({ onSignedIn }: { onSignedIn: (operator: Operator) => void }) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [needsCode, setNeedsCode] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);

  // The code field appears after the password was accepted: focus follows the operator's own submit.
  useEffect(() => {
    if (needsCode) codeInput.current?.focus();
  }, [needsCode]);

  async function submit(event: Event) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const body = needsCode ? { email, password, totp_code: code } : { email, password };
      onSignedIn(await api<Operator>("POST", "/sign-in", body));
    } catch (failure) {
      if (failure instanceof ApiError && failure.detail === "totp_required") {
        setNeedsCode(true);
      } else {
        setError(failureMessage(failure));
        setCode("");
        if (!needsCode || (failure instanceof ApiError && failure.status === 429)) {
          setPassword("");
          setNeedsCode(false);
        }
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <main class="sign-in">
      <form class="card" onSubmit={(event) => void submit(event)}>
        <h1>Operator console</h1>
        <label for="email">Email</label>
        <input
          id="email"
          type="email"
          autoComplete="username"
          required
          readOnly={needsCode}
          value={email}
          onInput={(event) => setEmail(event.currentTarget.value)}
        />
        <label for="password">Password</label>
        <input
          id="password"
          type="password"
          autoComplete="current-password"
          required
          readOnly={needsCode}
          value={password}
          onInput={(event) => setPassword(event.currentTarget.value)}
        />
        {needsCode && (
          <>
            <label for="totp-code">Authentication code</label>
            <input
              id="totp-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9 ]{6,7}"
              maxLength={7}
              required
              ref={codeInput}
              aria-describedby="totp-hint"
              value={code}
              onInput={(event) => setCode(event.currentTarget.value)}
            />
            <p id="totp-hint" class="muted">
              The 6-digit code from your authenticator app.
            </p>
          </>
        )}
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy}>
          {needsCode ? "Verify code" : "Sign in"}
        </button>
        {needsCode && (
          <button
            type="button"
            class="secondary"
            onClick={() => {
              setNeedsCode(false);
              setCode("");
              setPassword("");
              setError(null);
            }}
          >
            Use a different account
          </button>
        )}
      </form>
    </main>
  );
}
