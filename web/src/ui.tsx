// Shared pieces of every screen: the branded header with the language switch, progress, headings that
// take focus when a screen changes (screen readers announce the new step), alerts and end pages.
import type { ComponentChildren } from "preact";
import { useEffect, useRef } from "preact/hooks";
import { type Branding, SANDBOX_OUTCOMES, type SandboxOutcome } from "./api.js";
import { EndIcon, type EndIconName, LockIcon } from "./end-icons.js";
import type { Locale, Translate } from "./i18n/i18n.js";

export interface ShellProps {
  branding: Branding;
  t: Translate;
  locale: Locale;
  onLocale: (locale: Locale) => void;
  progress?: { n: number; total: number } | null;
  /** A sandbox session (created with a test key): nothing here is a real verification. */
  testMode?: boolean;
  /** On an open test session: finish it with a chosen outcome (the banner's buttons). */
  onSandboxOutcome?: (outcome: SandboxOutcome) => void;
  children: ComponentChildren;
}

export function Shell({
  branding,
  t,
  locale,
  onLocale,
  progress,
  testMode,
  onSandboxOutcome,
  children,
}: ShellProps) {
  useEffect(() => {
    document.documentElement.lang = locale;
    document.title = t("app.title");
  }, [locale, t]);
  return (
    <div class="shell">
      {testMode ? (
        <div class="test-banner" role="status">
          <p class="test-banner-text">
            <strong>{t("sandbox.banner_title")}</strong> {t("sandbox.banner_body")}
          </p>
          {onSandboxOutcome ? (
            <p class="test-outcomes">
              <span>{t("sandbox.choose")}</span>
              {SANDBOX_OUTCOMES.map((outcome) => (
                <button
                  key={outcome}
                  type="button"
                  class="btn-small"
                  onClick={() => onSandboxOutcome(outcome)}
                >
                  {t(`sandbox.outcome_${outcome}`)}
                </button>
              ))}
            </p>
          ) : null}
        </div>
      ) : null}
      <header class="top">
        {branding.logo_url ? (
          <img src={branding.logo_url} alt={branding.company_name ?? ""} />
        ) : (
          <span class="brand-name">{branding.company_name ?? t("app.title")}</span>
        )}
        <button
          type="button"
          class="lang"
          lang={locale === "en" ? "ne" : "en"}
          aria-label={t("lang.switch_label")}
          onClick={() => onLocale(locale === "en" ? "ne" : "en")}
        >
          {t("lang.switch")}
        </button>
      </header>
      {progress && progress.total > 1 ? (
        <div class="progress">
          <div
            class="progress-bar"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={progress.total}
            aria-valuenow={progress.n}
            aria-label={t("progress.label", progress)}
          >
            <span style={{ width: `${Math.round((100 * progress.n) / progress.total)}%` }} />
          </div>
          <p class="progress-text">{t("progress.label", progress)}</p>
        </div>
      ) : null}
      <main class="card">{children}</main>
      <footer class="foot">
        <LockIcon /> {t("app.secured_by")}
      </footer>
    </div>
  );
}

/** The screen's title; focused when it mounts so keyboard and screen-reader users land on the new step. */
export function Heading({ children }: { children: ComponentChildren }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus({ preventScroll: false });
  }, []);
  return (
    <h1 ref={ref} tabIndex={-1}>
      {children}
    </h1>
  );
}

export function Alert({ children }: { children: ComponentChildren }) {
  return (
    <div class="alert" role="alert">
      {children}
    </div>
  );
}

export function Spinner({ label }: { label: string }) {
  return (
    <div class="center" role="status">
      <div class="spinner" aria-hidden="true" />
      <p class="muted">{label}</p>
    </div>
  );
}

export function EndPage(props: {
  icon: EndIconName;
  heading: string;
  body: string;
  action?: { href: string; label: string } | null;
  note?: string;
}) {
  return (
    <div
      class="center"
      style={{ display: "flex", flexDirection: "column", gap: "14px" }}
      data-testid="end-page"
    >
      <EndIcon name={props.icon} />
      <Heading>{props.heading}</Heading>
      <p class="muted">{props.body}</p>
      {props.note ? <p class="small muted">{props.note}</p> : null}
      {props.action ? (
        <a class="btn" href={props.action.href} style={{ textDecoration: "none", textAlign: "center" }}>
          {props.action.label}
        </a>
      ) : null}
    </div>
  );
}
