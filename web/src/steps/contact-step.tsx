// EMAIL_VERIFICATION and PHONE_VERIFICATION: send a 6-digit code, enter it (a numeric one-time-code field the
// browser can fill from the SMS), resend after the countdown, change the address where the step allows it.
// Every number on the screen (time left, attempts, sends) comes from the server's step config.
import { useEffect, useRef, useState } from "preact/hooks";
import { ApiError, type StepBodies, type StepConfigs } from "../api.js";
import { errorKey } from "../i18n/i18n.js";
import { Alert, Heading } from "../ui.js";
import type { StepProps } from "./step-props.js";

type Config = StepConfigs["email_verification"];
type Body = StepBodies["email_verification"] | StepBodies["phone_verification"];

/** Seconds left, counted down locally from the server's figure each time the config changes. */
function useCountdown(seconds: number | null): number | null {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    setLeft(seconds);
    if (!seconds) return;
    const started = Date.now();
    const timer = setInterval(() => {
      const next = Math.max(0, seconds - Math.floor((Date.now() - started) / 1000));
      setLeft(next);
      if (next === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [seconds]);
  return left;
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

export function ContactStep({ t, config: raw, submit, refresh }: StepProps) {
  const config = raw as Config;
  const email = config.channel === "email";
  const [editing, setEditing] = useState(!config.destination && config.can_change);
  const [entered, setEntered] = useState("");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Attempts left after a wrong code, fixed when it is shown (the refreshed config must not move it again).
  const [attemptsLeft, setAttemptsLeft] = useState(0);
  const resendIn = useCountdown(config.resend_in_seconds);
  const codeInput = useRef<HTMLInputElement>(null);
  const showCode = config.code_sent && !editing;

  // WebOTP: where the browser supports it, the SMS's "@host #code" line fills the field.
  useEffect(() => {
    if (!showCode || email || !("OTPCredential" in window)) return;
    const abort = new AbortController();
    (
      navigator.credentials.get({
        otp: { transport: ["sms"] },
        signal: abort.signal,
      } as CredentialRequestOptions) as Promise<{ code?: string } | null>
    )
      .then((otp) => otp?.code && setCode(otp.code))
      .catch(() => {});
    return () => abort.abort();
  }, [showCode, email]);

  const call = async (body: Body) => {
    setBusy(true);
    setError(null);
    setFieldError(null);
    try {
      await submit(body);
      setCode("");
      setEditing(false);
    } catch (caught) {
      const detail = caught instanceof ApiError ? caught.code : "generic";
      if (detail === "invalid_email" || detail === "invalid_phone" || detail === "contact_required") {
        setFieldError(detail);
      } else {
        setError(detail);
      }
      if (detail === "invalid_code") {
        setCode("");
        setAttemptsLeft(Math.max(0, (config.attempts_left ?? 1) - 1));
      }
      // Attempts, expiry and the resend clock changed on the server: read them again.
      refresh();
    } finally {
      setBusy(false);
    }
  };

  const send = (event?: Event) => {
    event?.preventDefault();
    if (editing) {
      if (entered.trim() === "") return setFieldError("contact_required");
      return call({ action: "send", [config.channel]: entered.trim() } as Body);
    }
    return call({ action: "send" });
  };
  const verify = (event: Event) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setError("code_required");
      codeInput.current?.focus();
      return;
    }
    return call({ action: "verify", code });
  };

  const errorText = error
    ? error === "invalid_code"
      ? t("error.invalid_code", { n: attemptsLeft })
      : error === "code_required"
        ? t("contact.error.code_required")
        : t(errorKey(error))
    : null;
  const skip = config.can_skip ? (
    <button type="button" class="btn secondary" disabled={busy} onClick={() => call({ action: "skip" })}>
      {t("contact.skip")}
    </button>
  ) : null;
  const limitReached = config.sends_left === 0;
  const resendNote = limitReached ? (
    <p class="small muted center">{t("error.send_limit_reached")}</p>
  ) : resendIn ? (
    <p class="small muted center" aria-live="polite">
      {t("contact.resend_in", { time: clock(resendIn) })}
    </p>
  ) : null;

  if (showCode) {
    return (
      <form onSubmit={verify} style={{ display: "contents" }} noValidate>
        <Heading>{t("contact.code_heading")}</Heading>
        <p>
          {t(email ? "contact.code_sent_email" : "contact.code_sent_phone", {
            destination: config.destination ?? "",
          })}
        </p>
        <label class="field">
          <span>{t("contact.code_label")}</span>
          <input
            ref={codeInput}
            class="otp-input"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            value={code}
            disabled={busy}
            aria-invalid={error === "invalid_code" || error === "code_required" ? "true" : undefined}
            onInput={(e) => setCode(e.currentTarget.value.replace(/\D/g, "").slice(0, 6))}
          />
          {config.expires_in_seconds ? (
            <span class="hint">
              {t("contact.code_hint", { minutes: Math.ceil(config.expires_in_seconds / 60) })}
            </span>
          ) : null}
        </label>
        {errorText ? <Alert>{errorText}</Alert> : null}
        <div class="actions">
          <button type="submit" class="btn" disabled={busy}>
            {busy ? t("common.sending") : t("contact.verify")}
          </button>
          {limitReached || resendIn ? null : (
            <button type="button" class="btn secondary" disabled={busy} onClick={() => send()}>
              {t("contact.resend")}
            </button>
          )}
          {config.can_change ? (
            <button type="button" class="btn secondary" disabled={busy} onClick={() => setEditing(true)}>
              {t(email ? "contact.change_email" : "contact.change_phone")}
            </button>
          ) : null}
          {skip}
        </div>
        {resendNote}
      </form>
    );
  }

  return (
    <form onSubmit={send} style={{ display: "contents" }} noValidate>
      <Heading>{t(email ? "contact.email_heading" : "contact.phone_heading")}</Heading>
      {editing ? (
        <>
          <p>{t(email ? "contact.enter_email" : "contact.enter_phone")}</p>
          <label class="field">
            <span>{t(email ? "contact.email_label" : "contact.phone_label")}</span>
            <input
              type={email ? "email" : "tel"}
              inputMode={email ? "email" : "tel"}
              autoComplete={email ? "email" : "tel"}
              placeholder={email ? "name@example.com" : "98XXXXXXXX"}
              value={entered}
              disabled={busy}
              aria-invalid={fieldError ? "true" : undefined}
              aria-describedby={fieldError ? "contact-field-error" : undefined}
              onInput={(e) => setEntered(e.currentTarget.value)}
            />
            {!email ? <span class="hint">{t("contact.phone_hint")}</span> : null}
            {fieldError ? (
              <span class="field-error" id="contact-field-error">
                {t(
                  fieldError === "contact_required"
                    ? "aml.required"
                    : email
                      ? "contact.error.invalid_email"
                      : "contact.error.invalid_phone",
                )}
              </span>
            ) : null}
          </label>
        </>
      ) : (
        <p>
          {config.destination
            ? t(email ? "contact.send_to_email" : "contact.send_to_phone", {
                destination: config.destination,
              })
            : t("error.contact_missing")}
        </p>
      )}
      {errorText ? <Alert>{errorText}</Alert> : null}
      <div class="actions">
        <button
          type="submit"
          class="btn"
          disabled={busy || limitReached || Boolean(resendIn) || (!editing && !config.destination)}
        >
          {busy ? t("common.sending") : t("contact.send")}
        </button>

        {config.can_change && !editing ? (
          <button type="button" class="btn secondary" disabled={busy} onClick={() => setEditing(true)}>
            {t(email ? "contact.change_email" : "contact.change_phone")}
          </button>
        ) : null}
        {editing && config.destination ? (
          <button type="button" class="btn secondary" disabled={busy} onClick={() => setEditing(false)}>
            {t("contact.keep_current")}
          </button>
        ) : null}
        {skip}
      </div>
      {resendNote}
    </form>
  );
}
