// Sign-in with email and password; a wrong password and a locked email each say so plainly.
import { useState } from "preact/hooks";
import { ApiError, api, type Operator } from "./api.js";

function failureMessage(error: unknown): string {
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
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: Event) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await api<Operator>("POST", "/sign-in", { email, password }));
    } catch (failure) {
      setError(failureMessage(failure));
      setPassword("");
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
          value={email}
          onInput={(event) => setEmail(event.currentTarget.value)}
        />
        <label for="password">Password</label>
        <input
          id="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onInput={(event) => setPassword(event.currentTarget.value)}
        />
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy}>
          Sign in
        </button>
      </form>
    </main>
  );
}
