// Document-portrait reuse in a session: the live selfie LIVENESS kept against the portrait
// ID_VERIFICATION cut from the document. LIVENESS declines a copy as `spoof_detected`; FACE_MATCH
// declines it with the warning `selfie_matches_document_portrait` (engines/liveness/portrait-reuse.ts).
import { measurePortraitReuse, type PortraitReuseSignals } from "../../engines/liveness/portrait-reuse.js";
import type { Services } from "../../services.js";
import type { NodeState } from "./module.js";
import { documentPortraitPath, liveSelfiePath } from "./session-evidence.js";

export const PORTRAIT_REUSE_WARNING = "selfie_matches_document_portrait";

/** Null when the session has no selfie or no document portrait (nothing to compare). */
export async function checkPortraitReuse(
  services: Services,
  nodes: NodeState[],
): Promise<PortraitReuseSignals | null> {
  const selfiePath = liveSelfiePath(nodes);
  const portraitPath = documentPortraitPath(nodes);
  if (!selfiePath || !portraitPath) return null;
  const [selfie, portrait] = await Promise.all([
    services.media.get(selfiePath),
    services.media.get(portraitPath),
  ]);
  if (!selfie || !portrait) return null;
  return measurePortraitReuse(await services.engines.face(), selfie, portrait);
}
