// Document-portrait reuse in a session: the live selfie LIVENESS kept against the portrait
// ID_VERIFICATION cut from the document. LIVENESS declines a copy as `spoof_detected`; FACE_MATCH
// declines it with the warning `selfie_matches_document_portrait` (engines/liveness/portrait-reuse.ts).
import type { PortraitReuseSignals } from "../../engines/liveness/portrait-reuse.js";
import type { EvidenceCache } from "./evidence-cache.js";
import type { NodeState } from "./module.js";
import { documentPortraitPath, liveSelfiePath } from "./session-evidence.js";

export const PORTRAIT_REUSE_WARNING = "selfie_matches_document_portrait";

/** Null when the session has no selfie or no document portrait (nothing to compare). */
/** Measured once per decision (LIVENESS and FACE_MATCH both ask): the evidence cache holds the answer. */
export async function checkPortraitReuse(
  evidence: EvidenceCache,
  nodes: NodeState[],
): Promise<PortraitReuseSignals | null> {
  const selfiePath = liveSelfiePath(nodes);
  const portraitPath = documentPortraitPath(nodes);
  if (!selfiePath || !portraitPath) return null;
  return evidence.portraitReuse(selfiePath, portraitPath);
}
