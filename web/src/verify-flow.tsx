// The verification session page ({flow_url}/verify/<token>): the server decides every step and its order
// (spec: rule 4); this page shows the current one, recovers from refusals, and ends on a clear page.
import { useCallback, useEffect, useMemo, useState } from "preact/hooks";
import { screenFor } from "../../src/verify/applicant/step-contract.js";
import {
  ApiError,
  type FlowApi,
  type FlowState,
  flowApi,
  type SandboxOutcome,
  type StepScreen,
} from "./api.js";
import { errorKey, isLocale, type Locale, pickLocale, type Translate, translator } from "./i18n/i18n.js";
import { ConsentStep } from "./steps/consent-step.js";
import { EAGER_SCREENS, SCREENS, type ScreenComponent } from "./steps/screens.js";
import type { StepProps } from "./steps/step-props.js";
import { applyBranding } from "./theme.js";
import { Alert, EndPage, Heading, Shell, Spinner } from "./ui.js";

function LazyStep(props: StepProps & { screen: StepScreen }) {
  const [Component, setComponent] = useState<ScreenComponent | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    SCREENS[props.screen]()
      .then((loaded) => live && setComponent(() => loaded))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [props.screen]);
  if (failed) return <Alert>{props.t("error.network")}</Alert>;
  if (!Component) return <Spinner label={props.t("app.loading")} />;
  return <Component {...props} />;
}

function endPageFor(state: FlowState, t: Translate) {
  const redirect = state.redirect_url ? { href: state.redirect_url, label: t("end.continue") } : null;
  switch (state.status) {
    case "expired":
    case "kyc_expired":
      return <EndPage icon="expired" heading={t("end.expired_heading")} body={t("end.expired_body")} />;
    case "abandoned":
      return <EndPage icon="abandoned" heading={t("end.abandoned_heading")} body={t("end.abandoned_body")} />;
    case "in_review":
      return (
        <EndPage
          icon="review"
          heading={t("end.review_heading")}
          body={t("end.review_body")}
          action={redirect}
        />
      );
    default:
      return (
        <EndPage icon="done" heading={t("end.done_heading")} body={t("end.done_body")} action={redirect} />
      );
  }
}

export function VerifyFlow({ token }: { token: string }) {
  const api: FlowApi = useMemo(() => flowApi(token), [token]);
  const [state, setState] = useState<FlowState | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [chosenLocale, setChosenLocale] = useState<Locale | null>(null);
  const [started, setStarted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [finishError, setFinishError] = useState<string | null>(null);

  const reload = useCallback(() => {
    api
      .state()
      .then((next) => {
        setState(next);
        setLoadError(null);
      })
      .catch((error: unknown) =>
        setLoadError(
          error instanceof ApiError ? (error.status === 404 ? "not_found" : error.code) : "generic",
        ),
      );
  }, [api]);
  useEffect(reload, [reload]);
  // An applicant back on the page while queued for or in a video call goes straight back to the call, and
  // stays in the flow once it ends.
  useEffect(() => {
    if (state && inCall(state)) setStarted(true);
  }, [state]);

  const branding = state?.branding ?? {};
  useEffect(() => applyBranding(branding), [branding]);
  const locale = chosenLocale ?? pickLocale(state?.locale, branding.default_language);
  const t = useMemo(() => translator(locale, branding.copy ?? {}), [locale, branding]);

  // spec: rule 1 — the redirect is advisory; the page goes back after a moment, the button does it now.
  useEffect(() => {
    if (!state?.finished || !state.redirect_url) return;
    const timer = setTimeout(() => window.location.assign(state.redirect_url!), 4000);
    return () => clearTimeout(timer);
  }, [state]);

  // Test sessions only: the banner's buttons finish the session with the chosen outcome (design: Sandbox).
  const completeAs = (outcome: SandboxOutcome) => {
    api
      .sandboxComplete(outcome)
      .then(setState)
      .catch(() => reload());
  };

  const shell = (children: preact.ComponentChildren, progress?: { n: number; total: number } | null) => (
    <Shell
      branding={branding}
      t={t}
      locale={locale}
      onLocale={setChosenLocale}
      progress={progress}
      testMode={state?.test === true}
      onSandboxOutcome={state?.test === true && !state.finished ? completeAs : undefined}
    >
      {children}
    </Shell>
  );

  if (loadError) {
    if (loadError === "not_found")
      return shell(
        <EndPage icon="not_found" heading={t("end.not_found_heading")} body={t("end.not_found_body")} />,
      );
    return shell(
      <>
        <Alert>{t(errorKey(loadError))}</Alert>
        <button type="button" class="btn" onClick={reload}>
          {t("common.retry")}
        </button>
      </>,
    );
  }
  if (!state) return shell(<Spinner label={t("app.loading")} />);
  if (state.finished) {
    return shell(
      <>
        {endPageFor(state, t)}
        {state.redirect_url ? <p class="small muted center">{t("end.redirecting")}</p> : null}
      </>,
    );
  }

  const submit = async (nodeId: string, body: unknown) => {
    try {
      setState(await api.submit(nodeId, body));
    } catch (error) {
      // The server moved on (another tab, a changed step): show what it wants now.
      if (
        error instanceof ApiError &&
        ["step_out_of_order", "consent_required", "session_closed", "session_not_started"].includes(
          error.code,
        )
      )
        reload();
      throw error;
    }
  };

  const done = state.steps.filter((step) => step.state === "done").length;
  const progress = { n: Math.min(done + 1, state.steps.length), total: state.steps.length };
  const intro = typeof branding.intro === "string" ? branding.intro : branding.intro?.[locale];

  if (!started && done === 0 && !state.ready_to_finish && !inCall(state)) {
    return shell(
      <>
        <Heading>{t("intro.heading")}</Heading>
        <p>{intro || t("intro.body")}</p>
        <div class="actions">
          <button type="button" class="btn" onClick={() => setStarted(true)}>
            {t("intro.start")}
          </button>
        </div>
      </>,
    );
  }
  if (!state.consent.accepted && branding.terms) {
    return shell(
      <ConsentStep
        t={t}
        terms={branding.terms}
        onAccept={async (version) => setState(await api.consent(version))}
      />,
      progress,
    );
  }
  const current = state.current_step;
  if (current) {
    const props: StepProps = {
      t,
      locale: isLocale(locale) ? locale : "en",
      nodeId: current.node_id,
      config: current.config,
      submit: (body) => submit(current.node_id, body),
      refresh: reload,
    };
    // The contract names the screen; a feature the page has no screen for is a server bug, never a blank.
    const screen = screenFor(current.feature);
    const Eager = screen ? EAGER_SCREENS[screen] : undefined;
    let step: preact.ComponentChildren;
    if (Eager) step = <Eager {...props} />;
    else if (screen) step = <LazyStep screen={screen} {...props} />;
    else step = <Alert>{t("error.generic")}</Alert>;
    // Keyed by node so a new step starts from a clean component state.
    return shell(
      <div key={current.node_id} style={{ display: "contents" }}>
        {step}
      </div>,
      progress,
    );
  }
  if (state.ready_to_finish) {
    const finish = async () => {
      setBusy(true);
      setFinishError(null);
      try {
        setState(await api.finish());
      } catch (error) {
        setFinishError(error instanceof ApiError ? error.code : "generic");
        if (error instanceof ApiError && error.status === 409) reload();
      } finally {
        setBusy(false);
      }
    };
    return shell(
      <>
        <Heading>{t("finish.heading")}</Heading>
        <p>{t("finish.body")}</p>
        {finishError ? <Alert>{t(errorKey(finishError))}</Alert> : null}
        {busy ? <Spinner label={t("common.sending")} /> : null}
        <div class="actions">
          <button type="button" class="btn" onClick={finish} disabled={busy}>
            {t("finish.submit")}
          </button>
        </div>
      </>,
      { n: state.steps.length, total: state.steps.length },
    );
  }
  // awaiting_user / resubmitted with nothing for the applicant to do here yet.
  return shell(<EndPage icon="review" heading={t("end.review_heading")} body={t("end.review_body")} />);
}

function inCall(state: FlowState): boolean {
  return state.current_step?.feature === "VIDEO_CALL" && state.current_step.config.call_id != null;
}
