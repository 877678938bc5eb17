// The partner application page ({flow_url}/s/<token>): the flow's form (with prefill), then straight on to
// the verification session it hands off to, in this same page.
import { useEffect, useMemo, useState } from "preact/hooks";
import { ApiError, type PartnerState, partnerApi } from "./api.js";
import type { StringKey } from "./i18n/en.js";
import { errorKey, type Locale, translator } from "./i18n/i18n.js";
import { applyBranding } from "./theme.js";
import { Alert, EndPage, Heading, Shell, Spinner } from "./ui.js";

const INPUT_TYPES: Record<string, string> = { email: "email", phone: "tel" };
const AUTOCOMPLETE: Record<string, string> = { email: "email", phone: "tel", full_name: "name" };
const OPEN = ["created", "form_filled"];

export function PartnerPage({
  token,
  onVerification,
}: {
  token: string;
  onVerification: (token: string) => void;
}) {
  const api = useMemo(() => partnerApi(token), [token]);
  const [locale, setLocale] = useState<Locale>("en");
  const t = useMemo(() => translator(locale), [locale]);
  const [state, setState] = useState<PartnerState | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<"not_found" | "review" | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    applyBranding({});
    api
      .state()
      .then((loaded) => {
        setState(loaded);
        setValues(loaded.prefill);
      })
      .catch((caught: unknown) =>
        caught instanceof ApiError && caught.status === 404 ? setOutcome("not_found") : setError("network"),
      );
  }, [api]);

  const shell = (children: preact.ComponentChildren) => (
    <Shell branding={{}} t={t} locale={locale} onLocale={setLocale}>
      {children}
    </Shell>
  );
  if (outcome === "not_found")
    return shell(
      <EndPage icon="not_found" heading={t("end.not_found_heading")} body={t("end.not_found_body")} />,
    );
  if (outcome === "review" || (state && !state.expired && !OPEN.includes(state.status)))
    return shell(
      <EndPage icon="sent" heading={t("partner.review_heading")} body={t("partner.review_body")} />,
    );
  if (state?.expired)
    return shell(<EndPage icon="expired" heading={t("end.expired_heading")} body={t("end.expired_body")} />);
  if (!state)
    return shell(error ? <Alert>{t(errorKey(error))}</Alert> : <Spinner label={t("app.loading")} />);

  const onSubmit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const result = await api.submit(values);
      if (result.verification) onVerification(result.verification.token);
      else setOutcome("review");
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.code : "generic");
      setBusy(false);
    }
  };
  return shell(
    <form onSubmit={onSubmit} style={{ display: "contents" }}>
      <Heading>{t("partner.heading")}</Heading>
      <p class="muted">{t("partner.body")}</p>
      {state.fields.map((field) => (
        <label class="field" key={field}>
          <span>{t(`partner.field.${field}` as StringKey)}</span>
          <input
            type={INPUT_TYPES[field] ?? "text"}
            name={field}
            required
            autoComplete={AUTOCOMPLETE[field] ?? "off"}
            value={values[field] ?? ""}
            onInput={(e) => setValues({ ...values, [field]: e.currentTarget.value })}
          />
        </label>
      ))}
      {error ? <Alert>{t(errorKey(error))}</Alert> : null}
      <div class="actions">
        <button type="submit" class="btn" disabled={busy}>
          {busy ? t("common.sending") : t("partner.submit")}
        </button>
      </div>
    </form>,
  );
}
