// Adapts the face engine (src/engines/face) to the document engine's injected DetectFaces.
import type { FaceEngine } from "../face/face-engine.js";
import type { DetectFaces } from "./portrait.js";

/** Detection on the oriented document's pixels; boxes come back in those pixels. */
export function detectFacesWith(face: Pick<FaceEngine, "analyze">): DetectFaces {
  return async (image) => {
    const analysis = await face.analyze(image);
    return analysis.faces.map((f) => ({ box: f.box }));
  };
}
