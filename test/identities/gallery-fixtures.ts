// Shared fixtures for the gallery, signature and tool tests: real photographs, synthetic non-faces,
// identities inserted straight into the tenant's table, and the tenant's tool_usage ledger rows.
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import sharp from "sharp";
import { decodeImageField } from "../../src/engines/image/decode-image-field.js";
import { enrollFace } from "../../src/identities/face-gallery/enroll-face.js";
import type { Queryable } from "../../src/platform/db/transaction.js";
import { withTransaction } from "../../src/platform/db/transaction.js";
import { saveEvidence } from "../../src/platform/media/evidence.js";
import type { Services } from "../../src/services.js";

/** Relative to the repo root, as /work/shared/data/README.md asks. */
const FACES = new URL("../../../shared/data/faces/deepface/", import.meta.url);

export async function photoBytes(name: string): Promise<Buffer> {
  return readFile(new URL(name, FACES));
}

export async function photoBase64(name: string): Promise<string> {
  return (await photoBytes(name)).toString("base64");
}

/** A sky-and-grass picture with no person in it. */
export async function landscapeBase64(): Promise<string> {
  const width = 320;
  const height = 240;
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const rgb = y < 150 ? [90 + y / 4, 150 + y / 6, 235] : [40 + (x % 7), 130 + (y % 11), 50];
      data.set(rgb.map(Math.round), (y * width + x) * 3);
    }
  }
  return (
    await sharp(data, { raw: { width, height, channels: 3 } })
      .jpeg()
      .toBuffer()
  ).toString("base64");
}

export async function createIndividual(
  db: Queryable,
  tenantId: string,
  fields: { external_user_id?: string; full_name?: string } = {},
): Promise<string> {
  const row = await db
    .insertInto("individuals")
    .values({
      tenant_id: tenantId,
      external_user_id: fields.external_user_id ?? `user-${randomUUID().slice(0, 8)}`,
      full_name: fields.full_name ?? "Test Person",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Enrolls the one face of a shared photograph as a live session selfie of `individualId`. */
export async function enrollPhoto(
  services: Services,
  tenantId: string,
  individualId: string,
  name: string,
  sessionId: string = randomUUID(),
): Promise<{ faceId: string; thumbPath: string; sessionId: string }> {
  const image = await decodeImageField(await photoBase64(name), "image");
  const face = await (await services.engines.face()).requireOneFace(image.rgb);
  const enrolled = await withTransaction(services.db, (tx) =>
    enrollFace(tx, services, {
      tenantId,
      individualId,
      source: "session_selfie",
      sessionId,
      image: image.rgb,
      face,
    }),
  );
  return { ...enrolled, sessionId };
}

export async function toolUsageRows(db: Queryable, tenantId: string) {
  return db
    .selectFrom("credit_ledger")
    .select(["feature", "delta", "reason"])
    .where("tenant_id", "=", tenantId)
    .where("reason", "=", "tool_usage")
    .execute();
}

/**
 * A session selfie's gallery row with a stored thumbnail, written directly (no model load) for tests of what
 * happens to gallery faces around them — deletion, retention.
 */
export async function insertSessionFace(
  services: Services,
  face: { tenantId: string; individualId: string; sessionId: string },
): Promise<{ thumbPath: string }> {
  const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#888" } })
    .jpeg()
    .toBuffer();
  const thumb = await saveEvidence(services.db, services.media, {
    tenantId: face.tenantId,
    individualId: face.individualId,
    kind: "face_thumb",
    bytes,
    contentType: "image/jpeg",
  });
  await services.db
    .insertInto("faces")
    .values({
      tenant_id: face.tenantId,
      individual_id: face.individualId,
      session_id: face.sessionId,
      source: "session_selfie",
      embedding: Array.from({ length: 128 }, (_, i) => (i === 0 ? 1 : 0)),
      embedding_model: "face-api-resnet34-128",
      embedding_width: 128,
      thumb_path: thumb.path,
      thumb_media_id: thumb.id,
    } as never)
    .execute();
  return { thumbPath: thumb.path };
}
