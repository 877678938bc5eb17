// POST /v3/tools/face-search/ over HTTP: real photographs enrolled as session selfies, the real engine.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import {
  createIndividual,
  enrollPhoto,
  landscapeBase64,
  photoBase64,
  toolUsageRows,
} from "../identities/gallery-fixtures.js";
import { createTestApp, type TestApp, type TestTenant } from "../support/test-app.js";

const URL_ = "/v3/tools/face-search/";

describe("face-search tool", () => {
  let t: TestApp;
  let owner: TestTenant;
  let other: TestTenant;
  let jane: string;
  let otherJane: string;
  let probe: string;

  before(async () => {
    t = await createTestApp();
    owner = await t.tenant();
    other = await t.tenant();
    // img1, img2 and img4 show the same person; img20 someone else.
    jane = await createIndividual(t.services.db, owner.tenant_id, {
      external_user_id: "jane-1",
      full_name: "Jane Roe",
    });
    const stranger = await createIndividual(t.services.db, owner.tenant_id, { external_user_id: "sam-2" });
    otherJane = await createIndividual(t.services.db, other.tenant_id, { external_user_id: "jane-1" });
    await enrollPhoto(t.services, owner.tenant_id, jane, "img1.jpg");
    await enrollPhoto(t.services, owner.tenant_id, stranger, "img20.jpg");
    await enrollPhoto(t.services, other.tenant_id, otherJane, "img4.jpg");
    probe = await photoBase64("img2.jpg");
  });
  after(() => t.close());

  const search = (body: Record<string, unknown>, headers = owner.headers) =>
    t.app.inject({ method: "POST", url: URL_, headers, payload: body });

  test("an enrolled identity is found with exactly the spec's match fields", async () => {
    const response = await search({ image_base64: probe });
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json();
    assert.equal(body.threshold, 0.35);
    const [best] = body.matches;
    assert.deepEqual(Object.keys(best).sort(), [
      "external_user_id",
      "individual_id",
      "kyc_status",
      "name",
      "score",
      "status",
      "thumb",
    ]);
    assert.equal(best.individual_id, jane);
    assert.equal(best.name, "Jane Roe");
    assert.equal(best.external_user_id, "jane-1");
    assert.equal(best.status, "active");
    assert.equal(best.kyc_status, "unknown");
    assert.ok(best.score >= 0.5);
    assert.equal(best.score, Math.round(best.score * 10_000) / 10_000);
    assert.match(best.thumb, /^http:\/\/api\.test\.local\/v3\/media\/.+\.jpg$/);
  });

  test("another tenant's enrolled faces are never returned", async () => {
    const mine = (await search({ image_base64: probe, threshold: 0.2, top_k: 50 })).json();
    assert.ok(mine.matches.every((m: { individual_id: string }) => m.individual_id !== otherJane));
    const theirs = (await search({ image_base64: probe, threshold: 0.2, top_k: 50 }, other.headers)).json();
    assert.deepEqual(
      theirs.matches.map((m: { individual_id: string }) => m.individual_id),
      [otherJane],
    );
  });

  test("matches come best score first and at most top_k", async () => {
    const body = (await search({ image_base64: probe, threshold: 0.2, top_k: 1 })).json();
    assert.equal(body.matches.length, 1);
    const all = (await search({ image_base64: probe, threshold: 0.2, top_k: 50 })).json().matches;
    for (let i = 1; i < all.length; i++) assert.ok(all[i - 1].score >= all[i].score);
  });

  test("a thumb resolves with the owner's key and is 404 with another tenant's key", async () => {
    const [best] = (await search({ image_base64: probe })).json().matches;
    const path = new URL(best.thumb).pathname;
    const mine = await t.app.inject({ url: path, headers: owner.headers });
    assert.equal(mine.statusCode, 200);
    assert.equal(mine.headers["content-type"], "image/jpeg");
    const theirs = await t.app.inject({ url: path, headers: other.headers });
    const missing = await t.app.inject({ url: "/v3/media/nothing/here.jpg", headers: other.headers });
    assert.equal(theirs.statusCode, 404);
    assert.deepEqual(theirs.json(), missing.json());
  });

  test("a search is read-only and debits exactly one FACE_SEARCH row", async () => {
    const own = await t.tenant();
    const before = await t.services.db
      .selectFrom("faces")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    const response = await search({ image_base64: probe }, own.headers);
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { matches: [], threshold: 0.35 });
    const after_ = await t.services.db
      .selectFrom("faces")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    assert.equal(after_.n, before.n);
    assert.deepEqual(await toolUsageRows(t.services.db, own.tenant_id), [
      { feature: "FACE_SEARCH", delta: "-0.1", reason: "tool_usage" },
    ]);
  });

  test("an image without a face is 422 no_face_detected and is not charged", async () => {
    const own = await t.tenant();
    const response = await search({ image_base64: await landscapeBase64() }, own.headers);
    assert.equal(response.statusCode, 422);
    assert.deepEqual(response.json(), { detail: "no_face_detected" });
    assert.equal((await toolUsageRows(t.services.db, own.tenant_id)).length, 0);
  });

  test("top_k outside 1..50 or not an integer is 400 invalid_top_k", async () => {
    for (const top_k of [0, 51, 2.5]) {
      const response = await search({ image_base64: probe, top_k });
      assert.equal(response.statusCode, 400);
      assert.deepEqual(response.json(), { detail: "invalid_top_k" });
    }
  });

  test("a threshold outside 0.2..0.95 is 400 invalid_threshold", async () => {
    const response = await search({ image_base64: probe, threshold: 0.19 });
    assert.equal(response.statusCode, 400);
    assert.deepEqual(response.json(), { detail: "invalid_threshold" });
  });

  test("a missing image is 400 image_required", async () => {
    const response = await search({});
    assert.equal(response.statusCode, 400);
    assert.deepEqual(response.json(), { detail: "image_required" });
  });

  test("a disabled FACE_SEARCH is 403 listing the feature", async () => {
    const own = await t.tenant({ features: ["FACE_VERIFY"] });
    const response = await search({ image_base64: probe }, own.headers);
    assert.equal(response.statusCode, 403);
    assert.deepEqual(response.json(), { detail: "feature_not_enabled", features: ["FACE_SEARCH"] });
  });

  test("a balance that cannot cover FACE_SEARCH is 402", async () => {
    const own = await t.tenant({ credits: "0.05" });
    const response = await search({ image_base64: probe }, own.headers);
    assert.equal(response.statusCode, 402);
    assert.deepEqual(response.json(), { detail: "insufficient_credits" });
  });
});
