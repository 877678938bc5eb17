// Adapts the face engine (src/engines/face) to the document engine's injected DetectFaces.
import sharp from "sharp";
import type { FaceEngine } from "../face/face-engine.js";
import type { DetectFaces } from "./portrait.js";

/** Detection on the oriented document image; boxes come back in that image's pixels. */
export function detectFacesWith(face: Pick<FaceEngine, "analyze">): DetectFaces {
  return async (image) => {
    const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const analysis = await face.analyze({
      data: new Uint8Array(data),
      width: info.width,
      height: info.height,
    });
    return analysis.faces.map((f) => ({ box: f.box }));
  };
}
