// The page's screen for every applicant step the contract declares (src/verify/applicant/step-contract.ts):
// typed against its StepScreen list, so a screen added to the contract without one here fails to compile.
// Capture screens load on demand: the first screen needs neither camera code nor its copy of the DOM.
import type { FunctionComponent } from "preact";
import type { StepScreen } from "../api.js";
import { AmlStep } from "./aml-step.js";
import { QuestionnaireStep } from "./questionnaire-step.js";
import type { StepProps } from "./step-props.js";

export type ScreenComponent = FunctionComponent<StepProps>;

export const SCREENS: Readonly<Record<StepScreen, () => Promise<ScreenComponent>>> = {
  questionnaire: async () => QuestionnaireStep,
  aml_confirmation: async () => AmlStep,
  document: () => import("./document-step.js").then((m) => m.DocumentStep),
  liveness: () => import("./liveness-step.js").then((m) => m.LivenessStep),
  email_verification: () => import("./contact-step.js").then((m) => m.ContactStep),
  phone_verification: () => import("./contact-step.js").then((m) => m.ContactStep),
  confirm_details: () => import("./confirm-details-step.js").then((m) => m.ConfirmDetailsStep),
  proof_of_address: () => import("./proof-of-address-step.js").then((m) => m.ProofOfAddressStep),
  nfc: () => import("./nfc-step.js").then((m) => m.NfcStep),
  video_call: () => import("./video-call-step.js").then((m) => m.VideoCallStep),
};

/** Screens bundled with the page itself render at once, without a loading frame. */
export const EAGER_SCREENS: Partial<Record<StepScreen, ScreenComponent>> = {
  questionnaire: QuestionnaireStep,
  aml_confirmation: AmlStep,
};
