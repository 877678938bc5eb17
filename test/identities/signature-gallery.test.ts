// signature-search over the in-memory gallery (signature-gallery.ts): a new enrolment is seen by the
// next search, and a sample stored under an older descriptor version is re-prepared from its crop.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { SIGNATURE_DESCRIPTOR_VERSION } from "../../src/engines/signature/signature-engine.js";
import { createWriter, renderSignature } from "../specimens/signatures/signature-specimens.js";
import { createTestApp, type TestApp, type TestTenant } from "../support/test-app.js";
import { createIndividual } from "./gallery-fixtures.js";

async function signature(writer: number, index: number): Promise<string> {
  return (await renderSignature(createWriter(writer), "genuine", index)).toString("base64");
}

describe("signature gallery", () => {
  let t: TestApp;
  let owner: TestTenant;
  let dana: string;
  let erin: string;
  let fay: string;

  before(async () => {
    t = await createTestApp();
    owner = await t.tenant();
    dana = await createIndividual(t.services.db, owner.tenant_id, { external_user_id: "dana" });
    erin = await createIndividual(t.services.db, owner.tenant_id, { external_user_id: "erin" });
    fay = await createIndividual(t.services.db, owner.tenant_id, { external_user_id: "fay" });
  });
  after(() => t.close());

  const post = (path: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url: `/v3/tools/${path}/`, headers: owner.headers, payload });
  /** A stored sample's descriptor and its version, as the gallery keeps them. */
  const storedSample = (id: string) =>
    t.services.db
      .selectFrom("signature_samples")
      .select(["descriptor_version", "descriptor"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
  const search = async (image: string) =>
    (await post("signature-search", { image_base64: image, threshold: 0.2, top_k: 50 })).json()
      .matches as Array<{
      individual_id: string;
    }>;

  test("a sample enrolled after a search is found by the next search", async () => {
    const first = await post("signature-enroll", {
      individual_id: dana,
      image_base64: await signature(4, 0),
    });
    assert.equal(first.statusCode, 201);
    const probe = await signature(6, 1);
    assert.ok((await search(probe)).every((m) => m.individual_id !== erin));
    const second = await post("signature-enroll", {
      individual_id: erin,
      image_base64: await signature(6, 0),
    });
    assert.equal(second.statusCode, 201);
    assert.equal((await search(probe))[0]?.individual_id, erin);
  });

  test("a sample stored under an older descriptor version is re-prepared from its crop and searchable", async () => {
    const enrolled = await post("signature-enroll", {
      individual_id: dana,
      image_base64: await signature(7, 0),
    });
    const sampleId = enrolled.json().sample_id as string;
    // What a version-1 row looked like: another layout and length.
    await t.services.db
      .updateTable("signature_samples")
      .set({ descriptor: Array.from({ length: 1996 }, () => 0.1), descriptor_version: 1 })
      .where("id", "=", sampleId)
      .execute();
    const matches = await search(await signature(7, 1));
    assert.equal(matches[0]?.individual_id, dana);
    const row = await storedSample(sampleId);
    assert.equal(row.descriptor_version, SIGNATURE_DESCRIPTOR_VERSION);
    assert.notEqual(row.descriptor.length, 1996);
  });

  test("a version-3 sample (one pen-dynamics value fewer) is re-prepared, not compared as it is", async () => {
    const enrolled = await post("signature-enroll", {
      individual_id: fay,
      image_base64: await signature(8, 0),
    });
    const sampleId = enrolled.json().sample_id as string;
    const stored = await storedSample(sampleId);
    // Version 3 had the same layout up to the dynamics, 14 of them instead of 15.
    const version3 = [3, ...stored.descriptor.slice(1, -1)];
    await t.services.db
      .updateTable("signature_samples")
      .set({ descriptor: version3, descriptor_version: 3 })
      .where("id", "=", sampleId)
      .execute();
    const matches = await search(await signature(8, 1));
    assert.equal(matches[0]?.individual_id, fay);
    const row = await storedSample(sampleId);
    assert.equal(row.descriptor_version, SIGNATURE_DESCRIPTOR_VERSION);
    assert.equal(row.descriptor.length, stored.descriptor.length);
  });
});
