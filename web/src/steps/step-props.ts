// What every step screen receives: copy, its server-side config, and a submit that posts the step body
// and rejects with ApiError({detail}) when the server refuses the capture.
import type { Locale, Translate } from "../i18n/i18n.js";

export interface StepProps {
  t: Translate;
  locale: Locale;
  nodeId: string;
  config: Record<string, unknown>;
  submit: (body: unknown) => Promise<void>;
  /** Reloads the state (e.g. for a fresh liveness challenge after one was used or expired). */
  refresh: () => void;
}
