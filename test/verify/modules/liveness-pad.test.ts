// Presentation attacks through the applicant API on the tenant's default workflow (ID_VERIFICATION,
// LIVENESS PASSIVE, FACE_MATCH, AML_SCREENING), on the real engines: an attacker holding only an image
// of a passport data page is declined; a genuine applicant (another photograph of the document's holder,
// master.csv pair img1/img2) is approved. Plus the tool refusing a whole page as a live face.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { loadAmlLists } from "../../../src/cli/aml-commands.js";
import { moduleFor } from "../../../src/verify/modules/registry.js";
import { createWorkflow } from "../../../src/verify/workflows/workflows.js";
import { coverageListFile } from "../../engines/aml/list-data.js";
import { headMotionFrames } from "../../specimens/liveness/attack-set.js";
import { mp4FromStills } from "../../specimens/liveness/captures.js";
import { passportAttack } from "../../specimens/liveness/passport-attack.js";
import { readRaw } from "../../specimens/liveness/raw-image.js";
import { createTestApp, type TestApp, type TestTenant } from "../../support/test-app.js";

const FACES = new URL("../../../../shared/data/faces/deepface/", import.meta.url).pathname;
const UN_FILE = fileURLToPath(
  new URL("../../../../shared/data/aml/un-consolidated-2020-11-30.xml", import.meta.url),
);

interface Detail {
  status: string;
  // biome-ignore lint/suspicious/noExplicitAny: read-back JSON, asserted field by field
  decision_v3: Record<string, any>;
}

describe("presentation attacks through the applicant API (default workflow)", () => {
  let t: TestApp;
  let tenant: TestTenant;
  let page: Buffer;
  let portraitCrop: Buffer;

  before(async () => {
    t = await createTestApp();
    tenant = await t.tenant({ features: "all" });
    if (moduleFor("AML_SCREENING")) await loadAmlLists(t.services, [UN_FILE, coverageListFile()]);
    ({ page, portraitCrop } = await passportAttack());
  });
  after(() => t?.close());

  /** A frame burst of the photo with simulated head micro-motion (what a live applicant's camera sees). */
  async function liveBurst(still: Buffer): Promise<{ image: string; t_ms: number }[]> {
    const raw = await readRaw(still, 640);
    const face = await t.services.engines.face();
    const box = (await face.infer({ image: raw, want: {} })).faces[0]?.box;
    assert.ok(box, "a face in the burst source");
    const frames = await headMotionFrames(raw, box, 1, 6);
    return frames.map((bytes, i) => ({ image: bytes.toString("base64"), t_ms: i * 250 }));
  }

  async function start() {
    const response = await t.app.inject({
      method: "POST",
      url: "/v3/session/",
      headers: tenant.headers,
      payload: { vendor_data: `applicant-${Math.random()}` },
    });
    assert.equal(response.statusCode, 201, response.body);
    const token = response.json().url.split("/verify/")[1] as string;
    const state = await t.app.inject({ url: `/flow-api/${token}/state` });
    assert.equal(state.json().current_step.node_id, "document");
    return { id: response.json().id as string, token };
  }

  const step = (token: string, node: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url: `/flow-api/${token}/steps/${node}`, payload });

  async function run(selfie: Buffer): Promise<Detail> {
    const session = await start();
    const document = await step(session.token, "document", { front_image: page.toString("base64") });
    assert.equal(document.statusCode, 200, document.body);
    const live = document.json().current_step;
    assert.equal(live.config.method, "PASSIVE");
    assert.equal(live.config.require_clip, true);
    const captured = await step(session.token, "liveness", {
      image: selfie.toString("base64"),
      burst: await liveBurst(selfie),
    });
    assert.equal(captured.statusCode, 200, captured.body);
    const finished = await t.app.inject({ method: "POST", url: `/flow-api/${session.token}/finish` });
    assert.equal(finished.statusCode, 200, finished.body);
    return (await t.app.inject({ url: `/v3/session/${session.id}/`, headers: tenant.headers })).json();
  }

  test("a crop of the passport page's own portrait as the selfie is declined: spoof_detected and selfie_matches_document_portrait", async () => {
    // The attack from issue #23: the page as the document, its portrait cut out as the "selfie".
    const detail = await run(portraitCrop);
    assert.equal(detail.status, "declined", JSON.stringify(detail.decision_v3));
    const [liveness] = detail.decision_v3.liveness_checks;
    assert.equal(liveness.status, "declined");
    assert.deepEqual(liveness.warnings, ["spoof_detected"]);
    const [match] = detail.decision_v3.face_matches;
    assert.equal(match.status, "declined");
    assert.ok(match.warnings.includes("selfie_matches_document_portrait"), JSON.stringify(match));
    assert.equal(match.data.matched, false);
  });

  test("a genuine applicant (another photograph of the document's holder) is approved", async () => {
    const selfie = await sharp(`${FACES}img1.jpg`)
      .rotate()
      .resize(640, 640, { fit: "inside" })
      .jpeg({ quality: 90 })
      .toBuffer();
    const detail = await run(selfie);
    const [liveness] = detail.decision_v3.liveness_checks;
    assert.equal(liveness.status, "approved", JSON.stringify(liveness));
    const [match] = detail.decision_v3.face_matches;
    assert.equal(match.status, "approved", JSON.stringify(match));
    assert.deepEqual(match.warnings, []);
    assert.equal(detail.status, "approved", JSON.stringify(detail.decision_v3));
  });

  test("the default PASSIVE step refuses a still without its clip (400 video_required), whatever the client asks", async () => {
    const session = await start();
    assert.equal(
      (await step(session.token, "document", { front_image: page.toString("base64") })).statusCode,
      200,
    );
    const selfie = (await sharp(`${FACES}img1.jpg`).jpeg().toBuffer()).toString("base64");
    for (const body of [{ image: selfie }, { image: selfie, require_clip: false }]) {
      const refused = await step(session.token, "liveness", body);
      assert.equal(refused.statusCode, 400, refused.body);
      assert.equal(refused.json().detail, "video_required");
    }
  });

  test("an MP4 clip (iOS Safari) is judged and kept as WebM evidence (video_status ready)", async (t_) => {
    const selfie = await sharp(`${FACES}img1.jpg`)
      .rotate()
      .resize(640, 640, { fit: "inside" })
      .jpeg()
      .toBuffer();
    const frames = (await liveBurst(selfie)).map((frame) => Buffer.from(frame.image, "base64"));
    const clip = await mp4FromStills(frames);
    if (!clip) return t_.skip("ffmpeg is not installed");
    const workflow = await createWorkflow(t.services.db, tenant.tenant_id, {
      name: "Selfie only",
      nodes: [{ id: "liveness", feature: "LIVENESS", config: { method: "PASSIVE" } }],
    });
    const created = await t.app.inject({
      method: "POST",
      url: "/v3/session/",
      headers: tenant.headers,
      payload: { workflow_id: workflow.id },
    });
    const token = created.json().url.split("/verify/")[1] as string;
    await t.app.inject({ url: `/flow-api/${token}/state` });
    const captured = await step(token, "liveness", {
      image: selfie.toString("base64"),
      video: clip.toString("base64"),
    });
    assert.equal(captured.statusCode, 200, captured.body);
    await t.app.inject({ method: "POST", url: `/flow-api/${token}/finish` });
    const detail = (
      await t.app.inject({ url: `/v3/session/${created.json().id}/`, headers: tenant.headers })
    ).json() as Detail;
    const [liveness] = detail.decision_v3.liveness_checks;
    assert.equal(liveness.status, "approved", JSON.stringify(liveness));
    assert.equal(liveness.data.video_status, "ready");
    const video = await t.app.inject({
      url: new URL(liveness.data.video_url).pathname,
      headers: tenant.headers,
    });
    assert.equal(video.statusCode, 200);
    assert.equal(video.headers["content-type"], "video/webm");
    assert.equal(video.rawPayload.subarray(0, 4).toString("hex"), "1a45dfa3", "an EBML (WebM) file");
  });

  /** The liveness tool's answer for one image: declined spoof_detected is asserted. */
  async function assertToolSeesSpoof(image: Buffer): Promise<void> {
    const response = await t.app.inject({
      method: "POST",
      url: "/v3/tools/liveness/",
      headers: tenant.headers,
      payload: { image_base64: image.toString("base64") },
    });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.json().status, "declined");
    assert.equal(response.json().reason, "spoof_detected");
  }

  test("the whole passport page posted to the liveness tool is not a live face", async () => {
    await assertToolSeesSpoof(page);
  });

  test("a greyscale copy of the portrait posted to the liveness tool is not a live face", async () => {
    // An ID card's laser-engraved portrait, or a black-and-white photocopy: a camera never sees a living
    // face without colour (colour-spread.ts).
    await assertToolSeesSpoof(await sharp(portraitCrop).greyscale().jpeg({ quality: 85 }).toBuffer());
  });
});
