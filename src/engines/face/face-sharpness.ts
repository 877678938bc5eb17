// Blur signal: variance of the Laplacian of the grey face crop. The crop is resized to a fixed
// 128×128 first so the figure does not depend on how large the face is in the photo.
import type * as Tf from "@tensorflow/tfjs-core";
import type { PixelBox } from "./inference-protocol.js";

const SIDE = 128;
const LAPLACIAN = [0, 1, 0, 1, -4, 1, 0, 1, 0];
const GREY_WEIGHTS = [0.299, 0.587, 0.114];

/** Laplacian variance on 0..255 grey levels; below ~50 a face crop is visibly soft. */
export function measureSharpness(tf: typeof Tf, frame: Tf.Tensor3D, box: PixelBox): number {
  const [height, width] = frame.shape;
  const variance = tf.tidy(() => {
    const image = tf.expandDims(tf.cast(frame, "float32"), 0) as Tf.Tensor4D;
    const region = [
      [box.y / height, box.x / width, (box.y + box.height) / height, (box.x + box.width) / width],
    ];
    const crop = tf.image.cropAndResize(image, region, [0], [SIDE, SIDE]);
    const grey = tf.sum(tf.mul(crop, tf.tensor1d(GREY_WEIGHTS)), -1, true) as Tf.Tensor4D;
    const kernel = tf.tensor4d(LAPLACIAN, [3, 3, 1, 1]);
    const edges = tf.conv2d(grey, kernel, 1, "valid");
    return tf.moments(edges).variance.dataSync()[0] ?? 0;
  });
  return Math.round(variance * 10) / 10;
}
