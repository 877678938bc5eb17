// Which module serves which catalog key. Features without an engine in this build are refused when a
// workflow is saved, so no session can start a module that could never finish.
import { ageEstimationModule } from "./age-estimation.js";
import { amlScreeningModule } from "./aml-screening.js";
import { confirmDetailsModule } from "./confirm-details.js";
import { emailVerificationModule, phoneVerificationModule } from "./contact-verification.js";
import { databaseValidationModule } from "./database-validation.js";
import { faceMatchModule } from "./face-match.js";
import { idVerificationModule } from "./id-verification.js";
import { ipAnalysisModule } from "./ip-analysis.js";
import { livenessModule } from "./liveness.js";
import type { WorkflowModule } from "./module.js";
import { nfcVerificationModule } from "./nfc-verification.js";
import { proofOfAddressModule } from "./proof-of-address.js";
import { questionnaireModule } from "./questionnaire.js";
import { videoCallModule } from "./video-call.js";

const modules: readonly WorkflowModule[] = [
  questionnaireModule,
  idVerificationModule,
  livenessModule,
  faceMatchModule,
  ageEstimationModule,
  amlScreeningModule,
  emailVerificationModule,
  phoneVerificationModule,
  ipAnalysisModule,
  confirmDetailsModule,
  proofOfAddressModule,
  databaseValidationModule,
  nfcVerificationModule,
  videoCallModule,
];

export function moduleFor(feature: string): WorkflowModule | undefined {
  return modules.find((module) => module.features.includes(feature));
}
