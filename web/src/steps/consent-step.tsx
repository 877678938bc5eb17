// Versioned terms (spec: rule 5): shown before the first step; acceptance is recorded by the server.
import { useState } from "preact/hooks";
import { ApiError } from "../api.js";
import { errorKey, type Translate } from "../i18n/i18n.js";
import { Alert, Heading } from "../ui.js";

export function ConsentStep(props: {
  t: Translate;
  terms: { version: string; text: string };
  onAccept: (version: string) => Promise<void>;
}) {
  const { t, terms } = props;
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const accept = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await props.onAccept(terms.version);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.code : "generic");
      setBusy(false);
    }
  };
  return (
    <form onSubmit={accept} style={{ display: "contents" }}>
      <Heading>{t("consent.heading")}</Heading>
      <p class="small muted">{t("consent.version", { version: terms.version })}</p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
      <section class="terms" tabIndex={0} aria-label={t("consent.heading")}>
        {terms.text}
      </section>
      <label class="choice">
        <input type="checkbox" checked={checked} onChange={(e) => setChecked(e.currentTarget.checked)} />
        <span>{t("consent.checkbox")}</span>
      </label>
      {error ? <Alert>{t(errorKey(error))}</Alert> : null}
      <div class="actions">
        <button type="submit" class="btn" disabled={!checked || busy}>
          {t("consent.accept")}
        </button>
      </div>
    </form>
  );
}
