// signature-enroll, signature-search and signature-verify end to end over HTTP on generated specimens
// (test/specimens/signatures), with the engine as the registry builds it (face check included).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import sharp from "sharp";
import { createIndividual, photoBase64, toolUsageRows } from "../identities/gallery-fixtures.js";
import { createWriter, renderSignature } from "../specimens/signatures/signature-specimens.js";
import { createTestApp, type TestApp, type TestTenant } from "../support/test-app.js";

async function signature(writer: number, index: number): Promise<string> {
  return (await renderSignature(createWriter(writer), "genuine", index)).toString("base64");
}

describe("signature tools", () => {
  let t: TestApp;
  let owner: TestTenant;
  let other: TestTenant;
  let alice: string;
  let bob: string;
  let blank: string;
  const specimens: Record<string, string> = {};

  before(async () => {
    t = await createTestApp();
    owner = await t.tenant();
    other = await t.tenant();
    alice = await createIndividual(t.services.db, owner.tenant_id, {
      external_user_id: "alice",
      full_name: "Alice",
    });
    bob = await createIndividual(t.services.db, owner.tenant_id, {
      external_user_id: "bob",
      full_name: "Bob",
    });
    for (const [key, writer, index] of [
      ["w1a", 1, 0],
      ["w1b", 1, 1],
      ["w1c", 1, 2],
      ["w2a", 2, 0],
      ["w3a", 3, 0],
    ] as const) {
      specimens[key] = await signature(writer, index);
    }
    blank = (
      await sharp({ create: { width: 400, height: 160, channels: 3, background: "#ffffff" } })
        .png()
        .toBuffer()
    ).toString("base64");
  });
  after(() => t.close());

  const post = (path: string, payload: Record<string, unknown>, headers = owner.headers) =>
    t.app.inject({ method: "POST", url: `/v3/tools/${path}/`, headers, payload });

  describe("signature-enroll", () => {
    test("enrolling by individual_id answers 201 {sample_id, individual_id}", async () => {
      const response = await post("signature-enroll", { individual_id: alice, image_base64: specimens.w1a });
      assert.equal(response.statusCode, 201, response.body);
      assert.deepEqual(Object.keys(response.json()).sort(), ["individual_id", "sample_id"]);
      assert.equal(response.json().individual_id, alice);
    });

    test("enrolling by external_user_id finds the identity", async () => {
      const response = await post("signature-enroll", {
        external_user_id: "bob",
        image_base64: specimens.w2a,
      });
      assert.equal(response.statusCode, 201, response.body);
      assert.equal(response.json().individual_id, bob);
    });

    test("a label longer than 120 characters is truncated to 120", async () => {
      const response = await post("signature-enroll", {
        individual_id: alice,
        image_base64: specimens.w1c,
        label: "x".repeat(200),
      });
      assert.equal(response.statusCode, 201);
      const row = await t.services.db
        .selectFrom("signature_samples")
        .select("label")
        .where("id", "=", response.json().sample_id)
        .executeTakeFirstOrThrow();
      assert.equal(row.label, "x".repeat(120));
    });

    test("enrolling is free: no entitlement, no credits, no ledger row", async () => {
      const poor = await t.tenant({ credits: "0", features: [] });
      const id = await createIndividual(t.services.db, poor.tenant_id, { external_user_id: "carol" });
      const response = await post(
        "signature-enroll",
        { individual_id: id, image_base64: specimens.w3a },
        poor.headers,
      );
      assert.equal(response.statusCode, 201, response.body);
      assert.equal((await toolUsageRows(t.services.db, poor.tenant_id)).length, 0);
    });

    test("another tenant's identity answers exactly like a missing one: 404 individual_not_found", async () => {
      const foreign = await post(
        "signature-enroll",
        { individual_id: alice, image_base64: specimens.w1a },
        other.headers,
      );
      const missing = await post(
        "signature-enroll",
        { individual_id: "00000000-0000-4000-8000-000000000000", image_base64: specimens.w1a },
        other.headers,
      );
      const byExternal = await post(
        "signature-enroll",
        { external_user_id: "alice", image_base64: specimens.w1a },
        other.headers,
      );
      assert.equal(foreign.statusCode, 404);
      assert.deepEqual(foreign.json(), { detail: "individual_not_found" });
      assert.deepEqual(missing.json(), foreign.json());
      assert.deepEqual(byExternal.json(), foreign.json());
    });

    test("an image without ink is 422 no_signature_detected", async () => {
      const response = await post("signature-enroll", { individual_id: alice, image_base64: blank });
      assert.equal(response.statusCode, 422);
      assert.deepEqual(response.json(), { detail: "no_signature_detected" });
    });

    test("a photograph of a face is refused as 422 not_a_signature", async () => {
      const response = await post("signature-enroll", {
        individual_id: alice,
        image_base64: await photoBase64("img1.jpg"),
      });
      assert.equal(response.statusCode, 422);
      assert.deepEqual(response.json(), { detail: "not_a_signature" });
    });

    test("a missing image is 400 image_required", async () => {
      const response = await post("signature-enroll", { individual_id: alice });
      assert.equal(response.statusCode, 400);
      assert.deepEqual(response.json(), { detail: "image_required" });
    });
  });

  describe("signature-search", () => {
    test("a new genuine signature finds its writer's identity first, with the spec's match fields", async () => {
      const response = await post("signature-search", { image_base64: specimens.w1b, threshold: 0.3 });
      assert.equal(response.statusCode, 200, response.body);
      const body = response.json();
      assert.equal(body.beta, true);
      assert.equal(body.threshold, 0.3);
      const [best] = body.matches;
      assert.deepEqual(Object.keys(best).sort(), [
        "external_user_id",
        "individual_id",
        "name",
        "score",
        "status",
        "thumb",
      ]);
      assert.equal(best.individual_id, alice);
      assert.equal(best.external_user_id, "alice");
      assert.equal(
        new Set(body.matches.map((m: { individual_id: string }) => m.individual_id)).size,
        body.matches.length,
      );
    });

    test("a match's thumb is the sample's ink crop, served to the owner only", async () => {
      const [best] = (await post("signature-search", { image_base64: specimens.w1b, threshold: 0.3 })).json()
        .matches;
      const path = new URL(best.thumb).pathname;
      const mine = await t.app.inject({ url: path, headers: owner.headers });
      assert.equal(mine.statusCode, 200);
      assert.equal(mine.headers["content-type"], "image/png");
      assert.equal((await t.app.inject({ url: path, headers: other.headers })).statusCode, 404);
    });

    test("another tenant's samples are never returned", async () => {
      const response = await post(
        "signature-search",
        { image_base64: specimens.w1b, threshold: 0.2 },
        other.headers,
      );
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.json().matches, []);
    });

    test("a search debits exactly one SIGNATURE_SEARCH row", async () => {
      const own = await t.tenant();
      await post("signature-search", { image_base64: specimens.w1b }, own.headers);
      assert.deepEqual(await toolUsageRows(t.services.db, own.tenant_id), [
        { feature: "SIGNATURE_SEARCH", delta: "-0.05", reason: "tool_usage" },
      ]);
    });

    test("an image without ink is 422 no_signature_detected and is not charged", async () => {
      const own = await t.tenant();
      const response = await post("signature-search", { image_base64: blank }, own.headers);
      assert.equal(response.statusCode, 422);
      assert.deepEqual(response.json(), { detail: "no_signature_detected" });
      assert.equal((await toolUsageRows(t.services.db, own.tenant_id)).length, 0);
    });

    test("top_k 0 is 400 invalid_top_k", async () => {
      const response = await post("signature-search", { image_base64: specimens.w1b, top_k: 0 });
      assert.deepEqual(response.json(), { detail: "invalid_top_k" });
    });

    test("a disabled SIGNATURE_SEARCH is 403 listing the feature", async () => {
      const own = await t.tenant({ features: ["SIGNATURE_VERIFY"] });
      const response = await post("signature-search", { image_base64: specimens.w1b }, own.headers);
      assert.equal(response.statusCode, 403);
      assert.deepEqual(response.json(), { detail: "feature_not_enabled", features: ["SIGNATURE_SEARCH"] });
    });
  });

  describe("signature-verify", () => {
    test("two genuine signatures of one writer score higher than two writers' and the verdict follows the rule", async () => {
      const same = (
        await post("signature-verify", { reference_base64: specimens.w1a, probe_base64: specimens.w1b })
      ).json();
      const different = (
        await post("signature-verify", { reference_base64: specimens.w1a, probe_base64: specimens.w2a })
      ).json();
      assert.ok(same.score > different.score);
      assert.equal(same.threshold, 0.62);
      for (const result of [same, different]) {
        const verdict = result.score >= 0.62 ? "match" : result.score >= 0.75 * 0.62 ? "review" : "mismatch";
        assert.equal(result.verdict, verdict);
        assert.equal(result.matched, verdict === "match");
        assert.deepEqual(Object.keys(result.signals).sort(), [
          "ink_distribution",
          "proportions",
          "shape_overlay",
          "stroke_direction",
        ]);
      }
      assert.notEqual(different.verdict, "match");
    });

    test("a success debits exactly one SIGNATURE_VERIFY row", async () => {
      const own = await t.tenant();
      const response = await post(
        "signature-verify",
        { reference_base64: specimens.w1a, probe_base64: specimens.w1b },
        own.headers,
      );
      assert.equal(response.statusCode, 200);
      assert.deepEqual(await toolUsageRows(t.services.db, own.tenant_id), [
        { feature: "SIGNATURE_VERIFY", delta: "-0.05", reason: "tool_usage" },
      ]);
    });

    test("a face photograph is 422 not_a_signature and is not charged", async () => {
      const own = await t.tenant();
      const response = await post(
        "signature-verify",
        { reference_base64: specimens.w1a, probe_base64: await photoBase64("img1.jpg") },
        own.headers,
      );
      assert.equal(response.statusCode, 422);
      assert.deepEqual(response.json(), { detail: "not_a_signature" });
      assert.equal((await toolUsageRows(t.services.db, own.tenant_id)).length, 0);
    });

    test("an image without ink is 422 no_signature_detected", async () => {
      const response = await post("signature-verify", {
        reference_base64: blank,
        probe_base64: specimens.w1b,
      });
      assert.equal(response.statusCode, 422);
      assert.deepEqual(response.json(), { detail: "no_signature_detected" });
    });

    test("a threshold above 0.95 is 400 invalid_threshold", async () => {
      const response = await post("signature-verify", {
        reference_base64: specimens.w1a,
        probe_base64: specimens.w1b,
        threshold: 0.99,
      });
      assert.deepEqual(response.json(), { detail: "invalid_threshold" });
    });

    test("a balance that cannot cover SIGNATURE_VERIFY is 402", async () => {
      const own = await t.tenant({ credits: "0" });
      const response = await post(
        "signature-verify",
        { reference_base64: specimens.w1a, probe_base64: specimens.w1b },
        own.headers,
      );
      assert.equal(response.statusCode, 402);
    });
  });
});
