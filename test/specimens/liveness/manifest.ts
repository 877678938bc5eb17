// The labelled PASSIVE presentation set: every entry names its generator inputs (attack-set.ts), its
// label (ISO/IEC 30107-3: bona fide or attack, and the attack type) and its split. Thresholds are set
// on `tune`; figures are reported on `report` (bench/liveness-pad.bench.ts). The split is by
// photograph (alternate photographs of the sorted list) and, for document pairs, by pair.
// Half of the report split is `heldAside` (every fourth photograph and pair, from the fourth): its
// presentations were never looked at one by one while a cue or a threshold was set, so the bench
// reports it separately from the report photographs whose misses were examined.
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { FACES_DIR } from "./captures.js";

export const ATTACK_TYPES = [
  "reuse_crop",
  "reuse_rephoto",
  "reuse_source_photo",
  "document_page",
  "document_in_hand",
  "print",
  "screen",
  "held_print",
  "held_phone",
  "cropped_warm_print",
  "fullframe_screen",
  "static_clip",
  "pan_zoom_clip",
  "screen_flicker_clip",
  "shaken_picture_clip",
  "mono_print",
  "engraved_portrait",
] as const;
export type AttackType = (typeof ATTACK_TYPES)[number];

export const BONA_FIDE_TYPES = [
  "genuine_photo",
  "genuine_handheld_clip",
  "genuine_vs_document",
  "genuine_phone_capture",
] as const;
export type BonaFideType = (typeof BONA_FIDE_TYPES)[number];

export type Split = "tune" | "report";

export interface Presentation {
  id: string;
  label: "bona_fide" | "attack";
  type: AttackType | BonaFideType;
  split: Split;
  /** Report split only: never examined while tuning (reported on its own). */
  heldAside: boolean;
  /** The photograph the selfie (or the attack instrument) is made from. */
  photo: string;
  /** Documents: the photograph printed on the document (another photo of the same person for genuine pairs). */
  documentPhoto?: string;
  /** Clip attacks exist only with a clip. */
  clipOnly: boolean;
  seed: number;
}

/**
 * Genuine phone captures (phone-captures.ts) are made from the held-aside half's genuine photographs after
 * every threshold was set: no threshold has seen them. Reported on their own, never tuned on.
 */
export const isPhoneCapture = (p: Presentation) => p.type === "genuine_phone_capture";

/** Phone captures generated from each held-aside genuine photograph. */
export const PHONE_CAPTURES_PER_PHOTO = 4;

const FACES = fileURLToPath(FACES_DIR);
/** Single-person photographs (couple.jpg, selfie-many-people.jpg and the mirrored img11 left out). */
export const PHOTOS = readdirSync(FACES)
  .filter((name) => /^img\d+\.jpg$/.test(name))
  .sort((a, b) => Number(a.slice(3, -4)) - Number(b.slice(3, -4)));

/** master.csv same-person pairs (file_x, file_y), in file order. */
export function sameIdentityPairs(): [string, string][] {
  return readFileSync(`${FACES}master.csv`, "utf8")
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((line) => line.split(","))
    .filter((row) => row[2]?.trim() === "Yes")
    .map((row) => [row[0] as string, row[1] as string]);
}

export function buildManifest(): Presentation[] {
  const out: Presentation[] = [];
  for (const [i, photo] of PHOTOS.entries()) {
    const split: Split = i % 2 === 0 ? "tune" : "report";
    const heldAside = i % 4 === 3;
    const add = (
      label: Presentation["label"],
      type: Presentation["type"],
      clipOnly = false,
      seed = i + 1,
      id = `${type}:${photo}`,
    ) => out.push({ id, label, type, split, heldAside, photo, clipOnly, seed });
    add("bona_fide", "genuine_photo");
    add("bona_fide", "genuine_handheld_clip", true);
    add("attack", "print");
    add("attack", "screen");
    add("attack", "held_print");
    add("attack", "held_phone");
    add("attack", "cropped_warm_print");
    add("attack", "fullframe_screen");
    add("attack", "static_clip", true);
    add("attack", "pan_zoom_clip", true);
    add("attack", "screen_flicker_clip", true);
    add("attack", "shaken_picture_clip", true);
    add("attack", "mono_print");
    add("attack", "engraved_portrait");
    if (!heldAside) continue;
    for (let k = 0; k < PHONE_CAPTURES_PER_PHOTO; k++) {
      const seed = 1000 + (i + 1) * PHONE_CAPTURES_PER_PHOTO + k;
      add("bona_fide", "genuine_phone_capture", false, seed, `genuine_phone_capture:${photo}#${k + 1}`);
    }
  }
  for (const [i, [x, y]] of sameIdentityPairs().entries()) {
    const split: Split = i % 2 === 0 ? "tune" : "report";
    const heldAside = i % 4 === 3;
    const add = (label: Presentation["label"], type: Presentation["type"], photo: string) =>
      out.push({
        id: `${type}:${x}~${y}`,
        label,
        type,
        split,
        heldAside,
        photo,
        documentPhoto: x,
        clipOnly: false,
        seed: i + 1,
      });
    // The applicant's document shows x; a genuine selfie is y, another photograph of the same person.
    add("bona_fide", "genuine_vs_document", y);
    add("attack", "reuse_crop", x);
    add("attack", "reuse_rephoto", x);
    add("attack", "reuse_source_photo", x);
    add("attack", "document_page", x);
    add("attack", "document_in_hand", x);
  }
  return out;
}
