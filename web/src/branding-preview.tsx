// `/preview/branding#<json>`: the hosted page's first screen drawn with a branding the operator is editing,
// for the console's live preview (an iframe). No session and no API call: the branding and the language come
// in the URL fragment (never sent to the server) and a new fragment re-renders the page in place.
import { useEffect, useMemo, useState } from "preact/hooks";
import type { Branding } from "./api.js";
import { isLocale, type Locale, pickLocale, translator } from "./i18n/i18n.js";
import { applyBranding } from "./theme.js";
import { Shell } from "./ui.js";

interface PreviewInput {
  branding: Branding;
  locale: Locale | null;
}

function parseFragment(hash: string): PreviewInput {
  try {
    const parsed = JSON.parse(decodeURIComponent(hash.slice(1))) as {
      branding?: unknown;
      locale?: unknown;
    };
    const branding =
      typeof parsed.branding === "object" && parsed.branding !== null ? (parsed.branding as Branding) : {};
    return { branding, locale: isLocale(parsed.locale) ? parsed.locale : null };
  } catch {
    return { branding: {}, locale: null };
  }
}

export function BrandingPreview() {
  const [hash, setHash] = useState(() => window.location.hash);
  const [chosen, setChosen] = useState<Locale | null>(null);
  useEffect(() => {
    const update = () => {
      setHash(window.location.hash);
      setChosen(null);
    };
    window.addEventListener("hashchange", update);
    // The console sets a new fragment as soon as the stored branding arrives, which can fall between the first
    // render and this listener (a loaded machine, a slow frame): that change fired no event we heard.
    if (window.location.hash !== hash) update();
    return () => window.removeEventListener("hashchange", update);
  }, []);
  const input = useMemo(() => parseFragment(hash), [hash]);
  const { branding } = input;
  useEffect(() => applyBranding(branding), [branding]);
  const locale = chosen ?? input.locale ?? pickLocale(null, branding.default_language);
  const t = useMemo(() => translator(locale, branding.copy ?? {}), [locale, branding]);
  const intro = typeof branding.intro === "string" ? branding.intro : branding.intro?.[locale];
  return (
    <div data-testid="branding-preview" data-locale={locale}>
      <Shell branding={branding} t={t} locale={locale} onLocale={setChosen}>
        <h1>{t("intro.heading")}</h1>
        <p>{intro || t("intro.body")}</p>
        <div class="actions">
          <button type="button" class="btn">
            {t("intro.start")}
          </button>
        </div>
        {branding.terms ? (
          <p class="small muted">
            {t("consent.heading")} · {t("consent.version", { version: branding.terms.version })}
          </p>
        ) : null}
      </Shell>
    </div>
  );
}
