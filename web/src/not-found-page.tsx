// The page an unknown or deleted `/verify/<token>` gets (the server answers it with HTTP 404 and marks it
// `data-page="not-found"`): no session to read a language from, so the browser's languages pick English or
// Nepali, and the applicant can switch.
import { useMemo, useState } from "preact/hooks";
import { type Locale, translator } from "./i18n/i18n.js";
import { EndPage, Shell } from "./ui.js";

function browserLocale(): Locale {
  const languages = navigator.languages?.length ? navigator.languages : [navigator.language];
  return languages.some((language) => /^ne\b/i.test(language ?? "")) ? "ne" : "en";
}

export function NotFoundPage() {
  const [locale, setLocale] = useState<Locale>(browserLocale);
  const t = useMemo(() => translator(locale), [locale]);
  return (
    <Shell branding={{}} t={t} locale={locale} onLocale={setLocale}>
      <EndPage icon="not_found" heading={t("end.not_found_heading")} body={t("end.not_found_body")} />
    </Shell>
  );
}
