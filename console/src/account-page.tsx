// The signed-in operator's account: change the password (required after an admin-issued temporary one) and
// turn on two-factor authentication (scan the QR code or type the secret, confirm with a code). Shown on its
// own, without the rest of the console, while one of them is required.
import { useState } from "preact/hooks";
import { ApiError, api, type Operator } from "./api.js";
import { ErrorLine } from "./form-field.js";

interface Enrolment {
  secret: string;
  otpauth_uri: string;
  qr_svg: string;
}

export function AccountPage({ operator, onChanged }: { operator: Operator; onChanged: () => void }) {
  return (
    <section class="account">
      <h1>Your account</h1>
      {operator.pending === "password_change" && (
        <p class="warning" role="status">
          Choose a new password before you continue: the one you signed in with was temporary.
        </p>
      )}
      {operator.pending === "totp_enrolment" && (
        <p class="warning" role="status">
          Two-factor authentication is required for every operator: set it up before you continue.
        </p>
      )}
      {operator.pending !== "totp_enrolment" && <PasswordForm onChanged={onChanged} />}
      {operator.pending !== "password_change" && <TotpSection operator={operator} onChanged={onChanged} />}
    </section>
  );
}

function PasswordForm({ onChanged }: { onChanged: () => void }) {
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  async function submit(event: Event) {
    event.preventDefault();
    try {
      await api("POST", "/me/password", { current_password: current, new_password: next });
      setCurrent("");
      setNext("");
      setMessage({ ok: true, text: "Password changed. Other sessions were signed out." });
      onChanged();
    } catch (failure) {
      const detail = failure instanceof ApiError ? failure.detail : "";
      setMessage({
        ok: false,
        text:
          detail === "current_password_wrong"
            ? "The current password is not right."
            : detail || "The password could not be changed.",
      });
    }
  }

  return (
    <form class="card account-card" onSubmit={(event) => void submit(event)}>
      <h2>Password</h2>
      <label for="current-password">Current password</label>
      <input
        id="current-password"
        type="password"
        autoComplete="current-password"
        required
        value={current}
        onInput={(event) => setCurrent(event.currentTarget.value)}
      />
      <label for="new-password">New password (at least 10 characters)</label>
      <input
        id="new-password"
        type="password"
        autoComplete="new-password"
        minLength={10}
        required
        value={next}
        onInput={(event) => setNext(event.currentTarget.value)}
      />
      {message && (
        <p class={message.ok ? "ok" : "error"} role={message.ok ? "status" : "alert"}>
          {message.text}
        </p>
      )}
      <button type="submit">Change password</button>
    </form>
  );
}

function TotpSection({ operator, onChanged }: { operator: Operator; onChanged: () => void }) {
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);

  async function start() {
    setError(null);
    try {
      setEnrolment(await api<Enrolment>("POST", "/me/totp/enrol"));
    } catch {
      setError("Two-factor setup could not start.");
    }
  }

  async function confirm(event: Event) {
    event.preventDefault();
    setError(null);
    try {
      await api("POST", "/me/totp/confirm", { code });
      setEnrolment(null);
      onChanged();
    } catch {
      setError("That code is not right: check the phone's clock and enter the current code.");
      setCode("");
    }
  }

  if (operator.totp_enabled) {
    return (
      <div class="card account-card">
        <h2>Two-factor authentication</h2>
        <p class="ok" role="status">
          On: sign-in asks for a code from your authenticator app. Lost the phone? Ask an admin to reset it.
        </p>
      </div>
    );
  }
  return (
    <div class="card account-card">
      <h2>Two-factor authentication</h2>
      {!enrolment ? (
        <>
          <p>Add a code from an authenticator app (any TOTP app) to every sign-in.</p>
          <button type="button" onClick={() => void start()}>
            Set up two-factor authentication
          </button>
        </>
      ) : (
        <form onSubmit={(event) => void confirm(event)}>
          <p>Scan this code with the authenticator app, or type the key into it.</p>
          <img
            class="qr"
            alt="QR code of the authenticator key"
            src={`data:image/svg+xml;utf8,${encodeURIComponent(enrolment.qr_svg)}`}
          />
          <p>
            Key:{" "}
            <code class="mono" data-testid="totp-secret">
              {enrolment.secret}
            </code>
          </p>
          <label for="totp-confirm">Code from the app</label>
          <input
            id="totp-confirm"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            required
            value={code}
            onInput={(event) => setCode(event.currentTarget.value)}
          />
          <button type="submit">Turn on</button>
        </form>
      )}
      <ErrorLine message={error} />
    </div>
  );
}
