// The document, liveness, face-match and age modules driven through the applicant API on the real engines,
// with real photographs (img2, img1 and img4 show one person; img17 another) and a generated passport.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { loadAmlLists } from "../../../src/cli/aml-commands.js";
import { moduleFor } from "../../../src/verify/modules/registry.js";
import { createWorkflow } from "../../../src/verify/workflows/workflows.js";
import { coverageListFile } from "../../engines/aml/list-data.js";
import { photoBase64 } from "../../identities/gallery-fixtures.js";
import { drawPassport } from "../../specimens/documents/passport.js";
import { clipFromStills, jitteredStills, photoRaw } from "../../specimens/liveness/captures.js";
import { blank, jpeg } from "../../specimens/liveness/raw-image.js";
import { createRandom } from "../../specimens/seeded-random.js";
import { createTestApp, type TestApp, type TestTenant } from "../../support/test-app.js";

/** A session read back over HTTP; decision_v3 is asserted field by field. */
interface Detail {
  status: string;
  // biome-ignore lint/suspicious/noExplicitAny: read-back JSON, asserted field by field
  decision_v3: Record<string, any>;
}

const FACES = new URL("../../../../shared/data/faces/deepface/", import.meta.url).pathname;

/** A passport whose portrait is the given photograph (seed 2 reads cleanly and expires in 2034). */
async function passportOf(photo: string, seed = 2): Promise<string> {
  const draft = await drawPassport(createRandom(seed), `${FACES}${photo}`, seed, {});
  return (await draft.canvas.toPng()).toString("base64");
}

const UN_FILE = fileURLToPath(
  new URL("../../../../shared/data/aml/un-consolidated-2020-11-30.xml", import.meta.url),
);

// AML_SCREENING is another engineer's module: the standard test workflow carries it when it is registered.
// These tests are about the other modules: their PASSIVE node lifts the default clip requirement
// (liveness-pad.test.ts drives the default workflow, clip required, through the same API).
const STANDARD_NODES = [
  { id: "document", feature: "ID_VERIFICATION", config: {} },
  { id: "liveness", feature: "LIVENESS", config: { method: "PASSIVE", require_clip: false } },
  { id: "face_match", feature: "FACE_MATCH", config: {} },
];

describe("verification modules through the applicant API", () => {
  let t: TestApp;
  let tenant: TestTenant;
  let other: TestTenant;
  let standard: string;
  let selfieOnly: string;
  let flashing: string;
  let ageCheck: string;
  let passport: string;
  let approved: { id: string; detail: Detail };

  before(async () => {
    t = await createTestApp();
    tenant = await t.tenant({ features: "all" });
    other = await t.tenant({ features: "all" });
    const db = t.services.db;
    const id = tenant.tenant_id;
    const withAml = moduleFor("AML_SCREENING")
      ? [...STANDARD_NODES, { id: "aml", feature: "AML_SCREENING", config: {} }]
      : STANDARD_NODES;
    standard = (await createWorkflow(db, id, { name: "Standard", nodes: withAml })).id;
    selfieOnly = (
      await createWorkflow(db, id, {
        name: "Selfie against reference",
        nodes: [STANDARD_NODES[1], { id: "face_match", feature: "FACE_MATCH", config: {} }],
      })
    ).id;
    flashing = (
      await createWorkflow(db, id, {
        name: "Flashing",
        nodes: [{ id: "liveness", feature: "FLASHING", config: {} }],
      })
    ).id;
    ageCheck = (
      await createWorkflow(db, id, {
        name: "Age",
        nodes: [STANDARD_NODES[1], { id: "age", feature: "AGE_ESTIMATION", config: { minimum_age: 60 } }],
      })
    ).id;
    passport = await passportOf("img2.jpg");
    if (moduleFor("AML_SCREENING")) await loadAmlLists(t.services, [UN_FILE, coverageListFile()]);
  });
  after(() => t?.close());

  async function start(workflowId: string, body: Record<string, unknown> = {}) {
    const response = await t.app.inject({
      method: "POST",
      url: "/v3/session/",
      headers: tenant.headers,
      payload: { workflow_id: workflowId, ...body },
    });
    assert.equal(response.statusCode, 201, response.body);
    const session = response.json();
    const token = session.url.split("/verify/")[1] as string;
    const state = await t.app.inject({ url: `/flow-api/${token}/state` });
    assert.equal(state.statusCode, 200, state.body);
    return { id: session.id as string, token, state: state.json() };
  }

  const step = (token: string, node: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url: `/flow-api/${token}/steps/${node}`, payload });

  async function finish(session: { id: string; token: string }) {
    const finished = await t.app.inject({ method: "POST", url: `/flow-api/${session.token}/finish` });
    assert.equal(finished.statusCode, 200, finished.body);
    const detail = await t.app.inject({ url: `/v3/session/${session.id}/`, headers: tenant.headers });
    return detail.json() as Detail;
  }

  async function runStandard(vendor: string, selfie: string) {
    const session = await start(standard, { vendor_data: vendor, prefill: { full_name: "Someone Else" } });
    assert.equal(session.state.current_step.node_id, "document");
    assert.deepEqual(session.state.current_step.config.document_types, [
      "passport",
      "drivers_license",
      "citizenship",
      "pan",
      "disability_id",
      "id_card",
      "residence_permit",
      "visa",
    ]);
    const document = await step(session.token, "document", { front_image: passport });
    assert.equal(document.statusCode, 200, document.body);
    assert.equal(document.json().current_step.config.method, "PASSIVE");
    const live = await step(session.token, "liveness", { image: await photoBase64(selfie) });
    assert.equal(live.statusCode, 200, live.body);
    assert.equal(live.json().ready_to_finish, true);
    return { id: session.id, detail: await finish(session) };
  }

  test("document, passive liveness and face match of one person approve with every specified data key", async () => {
    approved = await runStandard("jane-1", "img1.jpg");
    const { detail } = approved;
    assert.equal(detail.status, "approved", JSON.stringify(detail.decision_v3));
    const [document] = detail.decision_v3.id_verifications;
    assert.equal(document.status, "approved");
    for (const key of [
      "document_id",
      "document_type",
      "front_image_url",
      "back_image_url",
      "portrait_image_url",
    ]) {
      assert.ok(key in document.data, key);
    }
    assert.equal(document.data.document_type, "passport");
    assert.match(document.data.document_id, /^P[ABC]\d{7}$/);
    assert.equal(document.data.back_image_url, null);
    const [liveness] = detail.decision_v3.liveness_checks;
    assert.equal(liveness.status, "approved");
    assert.ok(liveness.score >= 50 && liveness.score <= 100);
    // No clip was captured, so video_status is omitted.
    assert.deepEqual(Object.keys(liveness.data).sort(), [
      "event_stills",
      "method",
      "selfie_url",
      "video_url",
    ]);
    assert.equal(liveness.data.method, "PASSIVE");
    assert.equal(liveness.data.video_url, null);
    const [match] = detail.decision_v3.face_matches;
    assert.equal(match.status, "approved");
    assert.deepEqual(Object.keys(match.data).sort(), [
      "matched",
      "similarity",
      "source_image_url",
      "target_image_url",
    ]);
    assert.equal(match.data.matched, true);
    assert.ok(match.data.similarity >= 0.5, String(match.data.similarity));
    assert.equal(match.data.source_image_url, liveness.data.selfie_url);
    assert.equal(match.data.target_image_url, document.data.portrait_image_url);
    assert.ok(!JSON.stringify(detail.decision_v3).includes("base64"));
    if (moduleFor("AML_SCREENING")) {
      // The name screened is the one read from the document, never the prefill.
      const [aml] = detail.decision_v3.aml_screenings;
      assert.equal(aml.status, "approved", JSON.stringify(aml));
      assert.deepEqual(aml.data.matches, []);
      assert.equal(aml.data.screened.source, "document");
      assert.notEqual(aml.data.screened.full_name, "Someone Else");
    }
  });

  test("every evidence URL resolves through GET /v3/media for the owning tenant only", async () => {
    const { detail } = approved;
    const urls = [
      detail.decision_v3.id_verifications[0].data.front_image_url,
      detail.decision_v3.id_verifications[0].data.portrait_image_url,
      detail.decision_v3.liveness_checks[0].data.selfie_url,
    ];
    for (const url of urls) {
      assert.match(url, /^http:\/\/api\.test\.local\/v3\/media\//);
      const path = new URL(url).pathname;
      const own = await t.app.inject({ url: path, headers: tenant.headers });
      assert.equal(own.statusCode, 200, path);
      assert.match(String(own.headers["content-type"]), /^image\//);
      const foreign = await t.app.inject({ url: path, headers: other.headers });
      assert.equal(foreign.statusCode, 404);
    }
  });

  test("the live selfie is enrolled in the gallery and the document portrait is not", async () => {
    const rows = await t.services.db
      .selectFrom("faces")
      .select(["source"])
      .where("session_id", "=", approved.id)
      .execute();
    assert.deepEqual(
      rows.map((row) => row.source),
      ["session_selfie"],
    );
    const search = await t.app.inject({
      method: "POST",
      url: "/v3/tools/face-search/",
      headers: tenant.headers,
      payload: { image_base64: await photoBase64("img4.jpg") },
    });
    assert.equal(search.statusCode, 200, search.body);
    assert.ok(
      search.json().matches.some((m: { external_user_id: string }) => m.external_user_id === "jane-1"),
    );
  });

  test("a different person's selfie against the passport is declined with face_mismatch, and only that selfie is enrolled", async () => {
    const { detail } = await runStandard("sam-2", "img17.jpg");
    assert.equal(detail.status, "declined");
    const [match] = detail.decision_v3.face_matches;
    assert.equal(match.status, "declined");
    assert.deepEqual(match.warnings, ["face_mismatch"]);
    assert.equal(match.data.matched, false);
    assert.ok(match.data.similarity < 0.5);
    // The passport shows img2's person; were its portrait enrolled, sam-2 would answer a search for that face.
    const search = await t.app.inject({
      method: "POST",
      url: "/v3/tools/face-search/",
      headers: tenant.headers,
      payload: { image_base64: await photoBase64("img2.jpg"), threshold: 0.45 },
    });
    const found = search.json().matches.map((m: { external_user_id: string }) => m.external_user_id);
    assert.ok(found.includes("jane-1"));
    assert.ok(!found.includes("sam-2"), JSON.stringify(found));
  });

  test("a document nothing can be read from is refused for a retake (422 document_unreadable)", async () => {
    const session = await start(standard);
    const blankPage = (await jpeg(blank(1000, 700))).toString("base64");
    const refused = await step(session.token, "document", { front_image: blankPage });
    assert.equal(refused.statusCode, 422, refused.body);
    assert.equal(refused.json().detail, "document_unreadable");
    const state = await t.app.inject({ url: `/flow-api/${session.token}/state` });
    assert.equal(state.json().current_step.node_id, "document");
  });

  test("a passive capture with a WebM clip stores the video: video_status ready and a resolvable video_url", async (t_) => {
    const clip = await clipFromStills(await jitteredStills(await photoRaw("img1.jpg"), 3));
    if (!clip) return t_.skip("ffmpeg is not installed");
    const session = await start(ageCheck);
    const captured = await step(session.token, "liveness", {
      image: await photoBase64("img1.jpg"),
      video: clip.toString("base64"),
    });
    assert.equal(captured.statusCode, 200, captured.body);
    const [liveness] = (await finish(session)).decision_v3.liveness_checks;
    assert.deepEqual(Object.keys(liveness.data).sort(), [
      "event_stills",
      "method",
      "selfie_url",
      "video_status",
      "video_url",
    ]);
    assert.equal(liveness.data.video_status, "ready");
    const video = await t.app.inject({
      url: new URL(liveness.data.video_url).pathname,
      headers: tenant.headers,
    });
    assert.equal(video.statusCode, 200);
    assert.equal(video.headers["content-type"], "video/webm");
  });

  test("a FLASHING node hands out a session challenge and refuses a passive capture (no downgrade)", async () => {
    const session = await start(flashing);
    const config = session.state.current_step.config;
    assert.equal(config.method, "FLASHING");
    assert.equal(config.challenge.method, "FLASHING");
    assert.equal(config.challenge.colors.length, 5);
    const selfie = await photoBase64("img1.jpg");
    for (const body of [{ image: selfie }, { method: "PASSIVE", image: selfie }]) {
      const refused = await step(session.token, "liveness", body);
      assert.equal(refused.statusCode, 400, refused.body);
      assert.equal(refused.json().detail, "liveness_method_mismatch");
    }
    // A challenge minted for another session is not accepted here.
    const stranger = await start(flashing);
    const borrowed = await step(session.token, "liveness", {
      challenge_id: stranger.state.current_step.config.challenge.challenge_id,
      frames: [{ image: selfie, t_ms: 0 }],
    });
    assert.equal(borrowed.statusCode, 404, borrowed.body);
    assert.equal(borrowed.json().detail, "challenge_not_found");
  });

  test("a reference face of someone else declines the face match (face_reference_mismatch)", async () => {
    const matching = await start(selfieOnly, { reference: { face_image: await photoBase64("img4.jpg") } });
    assert.equal(
      (await step(matching.token, "liveness", { image: await photoBase64("img1.jpg") })).statusCode,
      200,
    );
    const good = (await finish(matching)).decision_v3.face_matches[0];
    assert.equal(good.status, "approved", JSON.stringify(good));
    assert.equal(good.data.reference.matched, true);
    assert.match(good.data.reference.image_url, /\/v3\/media\//);
    assert.equal(good.data.target_image_url, null);

    const wrong = await start(selfieOnly, { reference: { face_image: await photoBase64("img17.jpg") } });
    assert.equal(
      (await step(wrong.token, "liveness", { image: await photoBase64("img1.jpg") })).statusCode,
      200,
    );
    const detail = await finish(wrong);
    const [match] = detail.decision_v3.face_matches;
    assert.equal(match.status, "declined");
    assert.deepEqual(match.warnings, ["face_reference_mismatch"]);
    assert.equal(match.data.reference.matched, false);
    assert.equal(detail.status, "declined");
  });

  test("an estimated age below the minimum declines, and age_estimations appears only when enabled", async () => {
    const session = await start(ageCheck);
    assert.equal(
      (await step(session.token, "liveness", { image: await photoBase64("img2.jpg") })).statusCode,
      200,
    );
    const detail = await finish(session);
    const [age] = detail.decision_v3.age_estimations;
    assert.equal(age.status, "declined", JSON.stringify(age));
    assert.deepEqual(age.warnings, ["under_minimum_age"]);
    assert.equal(age.data.minimum_age, 60);
    assert.ok(age.data.estimated_age < 57);
    assert.equal(detail.status, "declined");
    assert.ok(!("age_estimations" in approved.detail.decision_v3));
  });
});
