// The face engine's protocol types the liveness engine reads (re-exported so this folder has one import).
import type { InferredGesture, InferredHand } from "../face/inference-protocol.js";

export type {
  FaceImage,
  HeadPose,
  InferenceWants,
  InferredFace,
  InferredGesture,
  InferredHand,
  PixelBox,
} from "../face/inference-protocol.js";

export interface InferredFaceHands {
  hands: InferredHand[];
  gestures: InferredGesture[];
}
