// The attack from issue #23, shared by the applicant-API test and the browser test: a passport data page whose
// portrait is img2 (seed 2 reads cleanly and expires in 2034) and the crop of that portrait an attacker
// would present as the selfie.
import sharp from "sharp";
import { drawPassport } from "../documents/passport.js";
import { createRandom } from "../seeded-random.js";
import { FACES_DIR } from "./captures.js";

export async function passportAttack(): Promise<{ page: Buffer; portraitCrop: Buffer }> {
  const draft = await drawPassport(createRandom(2), new URL("img2.jpg", FACES_DIR).pathname, 2, {});
  const page = await sharp(await draft.canvas.toPng())
    .jpeg({ quality: 90 })
    .toBuffer();
  const portraitCrop = await sharp(page)
    .extract({ left: 40, top: 130, width: 340, height: 420 })
    .resize({ width: 560 })
    .jpeg({ quality: 80 })
    .toBuffer();
  return { page, portraitCrop };
}
