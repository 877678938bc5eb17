// spec: signature-search (beta) — the tenant's enrolled samples, best first, one match per identity.
// The score is not a cosine (signature engine README), so this is an exact in-process scan over the
// tenant's descriptors held in memory (signature-gallery.ts).
import type { SignatureEngine } from "../../engines/signature/signature-engine.js";
import type { Queryable } from "../../platform/db/transaction.js";
import { mediaUrl } from "../../platform/media/evidence.js";
import type { Services } from "../../services.js";
import { loadSignatureGallery } from "./signature-gallery.js";

export interface SearchSignaturesInput {
  tenantId: string;
  descriptor: ArrayLike<number>;
  threshold: number;
  topK: number;
}

/** spec: Tool result shapes — Signature search match: the face search match without kyc_status. */
export interface SignatureSearchMatch {
  individual_id: string;
  name: string;
  external_user_id: string;
  status: string;
  /** 0..1, 4 decimals. */
  score: number;
  /** Absolute URL of the matched sample's ink crop. */
  thumb: string;
}

export async function searchSignatures(
  db: Queryable,
  services: Pick<Services, "config" | "media">,
  engine: SignatureEngine,
  input: SearchSignaturesInput,
): Promise<SignatureSearchMatch[]> {
  const samples = await loadSignatureGallery(db, services, engine, input.tenantId);
  const byId = new Map(samples.map((sample) => [sample.id, sample]));
  const hits = engine.searchExact(input.descriptor, samples, {
    threshold: input.threshold,
    topK: samples.length,
  });
  // One match per identity, its best sample (hits are already best first).
  const best = new Map<string, { score: number; cropPath: string | null }>();
  for (const hit of hits) {
    const sample = byId.get(hit.id)!;
    if (!best.has(sample.individual_id)) {
      best.set(sample.individual_id, { score: hit.score, cropPath: sample.crop_path });
    }
  }
  const top = [...best.entries()].slice(0, input.topK);
  if (top.length === 0) return [];
  const people = await db
    .selectFrom("individuals")
    .select(["id", "full_name", "external_user_id", "status"])
    .where("tenant_id", "=", input.tenantId)
    .where(
      "id",
      "in",
      top.map(([id]) => id),
    )
    .execute();
  const personById = new Map(people.map((person) => [person.id, person]));
  return top.flatMap(([individualId, hit]) => {
    const person = personById.get(individualId);
    if (!person) return [];
    return [
      {
        individual_id: person.id,
        name: person.full_name ?? "",
        external_user_id: person.external_user_id ?? "",
        status: person.status,
        score: hit.score,
        thumb: hit.cropPath ? mediaUrl(services.config.publicUrl, hit.cropPath) : "",
      },
    ];
  });
}
