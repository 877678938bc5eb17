import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { setRate } from "../../src/platform/credits/rates.js";
import { setFeatures } from "../../src/platform/tenants/entitlements.js";
import { toolUsageRows } from "../identities/gallery-fixtures.js";
import { photoBytes } from "../specimens/liveness/captures.js";
import { blank, jpeg } from "../specimens/liveness/raw-image.js";
import { createTestApp, json, type TestApp, type TestTenant } from "../support/test-app.js";

describe("/v3/tools/liveness*", () => {
  let t: TestApp;
  let selfie: string;
  before(async () => {
    t = await createTestApp();
    selfie = (await photoBytes("img1.jpg")).toString("base64");
  });
  after(async () => t?.close());

  function postPassive(tenant: TestTenant, payload: Record<string, unknown>) {
    return t.app.inject({ method: "POST", url: "/v3/tools/liveness/", headers: tenant.headers, payload });
  }

  async function balance(tenantId: string): Promise<string> {
    const row = await t.services.db
      .selectFrom("tenants")
      .select("credit_balance")
      .where("id", "=", tenantId)
      .executeTakeFirstOrThrow();
    return String(Number(row.credit_balance));
  }

  test("a verdict is returned and billed under LIVENESS when the method has no rate of its own", async () => {
    const tenant = await t.tenant();
    const response = await postPassive(tenant, { image_base64: selfie });
    assert.equal(response.statusCode, 200);
    assert.equal(json(response).method, "PASSIVE");
    const ledger = await toolUsageRows(t.services.db, tenant.tenant_id);
    assert.deepEqual(ledger.map((row) => row.feature).filter(Boolean), ["LIVENESS"]);
  });

  test("the method key is billed when it has its own explicit rate", async () => {
    const tenant = await t.tenant();
    await setRate(t.services.db, "PASSIVE", "0.25", tenant.tenant_id);
    await postPassive(tenant, { image_base64: selfie });
    const ledger = await toolUsageRows(t.services.db, tenant.tenant_id);
    assert.deepEqual(ledger.map((row) => row.feature).filter(Boolean), ["PASSIVE"]);
  });

  test("403 lists every disabled key among LIVENESS and the method", async () => {
    const tenant = await t.tenant();
    await setFeatures(t.services.db, tenant.tenant_id, ["LIVENESS", "PASSIVE"], false);
    const response = await postPassive(tenant, { image_base64: selfie });
    assert.equal(response.statusCode, 403);
    assert.deepEqual(json(response), { detail: "feature_not_enabled", features: ["LIVENESS", "PASSIVE"] });
  });

  test("no face is 422 no_face_detected and is not billed", async () => {
    const tenant = await t.tenant();
    const before = await balance(tenant.tenant_id);
    const image = (await jpeg(blank(200, 200))).toString("base64");
    const response = await postPassive(tenant, { image_base64: image });
    assert.equal(response.statusCode, 422);
    assert.equal(json(response).detail, "no_face_detected");
    assert.equal(await balance(tenant.tenant_id), before);
  });

  test("a challenge is minted free with its sequence and a 120 s expiry", async () => {
    const tenant = await t.tenant();
    const response = await t.app.inject({
      method: "POST",
      url: "/v3/tools/liveness/challenge/",
      headers: tenant.headers,
      payload: { method: "FLASHING" },
    });
    assert.equal(response.statusCode, 200);
    const body = json<{ challenge_id: string; colors: unknown[]; expires_at: string }>(response);
    assert.equal(body.colors.length, 5);
    const seconds = (Date.parse(body.expires_at) - Date.now()) / 1000;
    assert.ok(seconds > 100 && seconds <= 121);
    assert.equal(await balance(tenant.tenant_id), "100");
  });

  test("a challenge is single use: the replay answers 422 challenge_used", async () => {
    const tenant = await t.tenant();
    const minted = json<{ challenge_id: string }>(
      await t.app.inject({
        method: "POST",
        url: "/v3/tools/liveness/challenge/",
        headers: tenant.headers,
        payload: { method: "GESTURE" },
      }),
    );
    const payload = { challenge_id: minted.challenge_id, frames: [{ image_base64: selfie, t_ms: 0 }] };
    const first = await t.app.inject({
      method: "POST",
      url: "/v3/tools/liveness/verify/",
      headers: tenant.headers,
      payload,
    });
    assert.equal(first.statusCode, 200);
    assert.equal(json(first).reason, "gesture_not_performed");
    const replay = await t.app.inject({
      method: "POST",
      url: "/v3/tools/liveness/verify/",
      headers: tenant.headers,
      payload,
    });
    assert.equal(replay.statusCode, 422);
    assert.equal(json(replay).detail, "challenge_used");
  });

  test("another tenant's challenge answers exactly like a missing one", async () => {
    const owner = await t.tenant();
    const other = await t.tenant();
    const minted = json<{ challenge_id: string }>(
      await t.app.inject({
        method: "POST",
        url: "/v3/tools/liveness/challenge/",
        headers: owner.headers,
        payload: { method: "3D_ACTION" },
      }),
    );
    const payload = (id: string) => ({ challenge_id: id, frames_base64: [selfie] });
    const foreign = await t.app.inject({
      method: "POST",
      url: "/v3/tools/liveness/verify/",
      headers: other.headers,
      payload: payload(minted.challenge_id),
    });
    const missing = await t.app.inject({
      method: "POST",
      url: "/v3/tools/liveness/verify/",
      headers: other.headers,
      payload: payload("5f0c6f43-2a4e-4a51-9b53-1b2f1d1e0a11"),
    });
    assert.equal(foreign.statusCode, 404);
    assert.deepEqual(json(foreign), json(missing));
  });

  test("an expired challenge answers 422 challenge_expired and the sweep deletes it a day later", async () => {
    const tenant = await t.tenant();
    const minted = json<{ challenge_id: string }>(
      await t.app.inject({
        method: "POST",
        url: "/v3/tools/liveness/challenge/",
        headers: tenant.headers,
        payload: { method: "FLASHING" },
      }),
    );
    await t.services.db
      .updateTable("liveness_challenges")
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where("id", "=", minted.challenge_id)
      .execute();
    const response = await t.app.inject({
      method: "POST",
      url: "/v3/tools/liveness/verify/",
      headers: tenant.headers,
      payload: { challenge_id: minted.challenge_id, frames_base64: [selfie] },
    });
    assert.equal(json(response).detail, "challenge_expired");
    const { sweepExpiredChallenges } = await import("../../src/engines/liveness/challenges.js");
    await t.services.db
      .updateTable("liveness_challenges")
      .set({ expires_at: new Date(Date.now() - 25 * 3_600_000) })
      .where("id", "=", minted.challenge_id)
      .execute();
    assert.equal(await sweepExpiredChallenges(t.services.db), 1);
  });

  test("challenge method outside FLASHING, 3D_ACTION, GESTURE is 400 invalid_method", async () => {
    const tenant = await t.tenant();
    const response = await t.app.inject({
      method: "POST",
      url: "/v3/tools/liveness/challenge/",
      headers: tenant.headers,
      payload: { method: "PASSIVE" },
    });
    assert.equal(response.statusCode, 400);
    assert.equal(json(response).detail, "invalid_method");
  });
});
