// NFC_VERIFICATION through the applicant API on a real database: a passport photographed and read by the real
// document engine, then the chip's files (built with pkijs at test time: CSCA → DS → SOD, DG1 carrying the
// same MRZ, DG2 a real face, DG15 an RSA active-authentication key) posted as the app would, the operator's
// master list loaded with `kyc nfc masterlist load FILE`, and the decision read back.
import assert from "node:assert/strict";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import sharp from "sharp";
import { runOperatorCommand } from "../../../src/composition/operator-commands.js";
import { saveEvidence } from "../../../src/platform/media/evidence.js";
import { loadNodeStates, moduleContext } from "../../../src/verify/decision/node-states.js";
import type { NodeResult } from "../../../src/verify/modules/module.js";
import { nfcVerificationModule } from "../../../src/verify/modules/nfc-verification.js";
import { findSession } from "../../../src/verify/sessions/find-session.js";
import { createWorkflow } from "../../../src/verify/workflows/workflows.js";
import { toJpeg2000 } from "../../engines/nfc/jpeg2000-encoder.js";
import {
  activeAuthenticationChip,
  dg1,
  dg2,
  type Issued,
  issueCertificate,
  masterList,
  securityObject,
} from "../../engines/nfc/passport-chip.js";
import { drawPassport } from "../../specimens/documents/passport.js";
import { createRandom } from "../../specimens/seeded-random.js";
import { createTestApp, type TestApp, type TestTenant } from "../../support/test-app.js";

const FACES = new URL("../../../../shared/data/faces/deepface/", import.meta.url).pathname;
const b64 = (bytes: Buffer) => bytes.toString("base64");
/** A chip portrait as passports store it: a small JPEG (some tens of kilobytes). */
const chipJpeg = async (file: string) =>
  sharp(await readFile(`${FACES}${file}`))
    .resize(360)
    .jpeg({ quality: 80 })
    .toBuffer();

describe("NFC_VERIFICATION", () => {
  let t: TestApp;
  let tenant: TestTenant;
  let workflow: string;
  let passport: string;
  let mrz: string[];
  let csca: Issued;
  let ds: Issued;
  let chip: ReturnType<typeof activeAuthenticationChip>;
  let face: Buffer;
  let dir: string;

  before(async () => {
    t = await createTestApp();
    tenant = await t.tenant({ features: "all" });
    const draft = await drawPassport(createRandom(2), `${FACES}img2.jpg`, 2, {});
    passport = b64(await draft.canvas.toPng());
    mrz = draft.mrz!;
    face = await chipJpeg("img1.jpg");
    csca = await issueCertificate({ commonName: "CSCA Nepal", ca: true });
    ds = await issueCertificate({ commonName: "Document Signer 7", issuer: csca });
    chip = activeAuthenticationChip();
    dir = await mkdtemp(join(tmpdir(), "nfc-"));
    const signer = await issueCertificate({ commonName: "Master List Signer", issuer: csca });
    await writeFile(join(dir, "masterlist.ml"), await masterList(signer, [csca]));
    workflow = (
      await createWorkflow(t.services.db, tenant.tenant_id, {
        name: "Passport chip",
        nodes: [
          { id: "document", feature: "ID_VERIFICATION", config: {} },
          { id: "chip", feature: "NFC_VERIFICATION", config: {} },
        ],
      })
    ).id;
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
    await t?.close();
  });

  /** The chip's files: DG1 from `lines`, DG2 from `portrait`, DG15, and a SOD by `signer` over them. */
  async function chipFiles(options: { lines?: string[]; portrait?: Buffer; signer?: Issued } = {}) {
    const groups = new Map([
      [1, dg1(options.lines ?? mrz)],
      [2, dg2(options.portrait ?? face)],
      [15, chip.dg15],
    ]);
    return {
      dg1: b64(groups.get(1)!),
      dg2: b64(groups.get(2)!),
      dg15: b64(chip.dg15),
      sod: b64(await securityObject(options.signer ?? ds, groups)),
    };
  }

  let session = { id: "", token: "" };
  async function atChipStep() {
    const created = await t.app.inject({
      method: "POST",
      url: "/v3/session/",
      headers: tenant.headers,
      payload: { workflow_id: workflow },
    });
    assert.equal(created.statusCode, 201, created.body);
    const { id, url } = created.json();
    session = { id, token: url.split("/verify/")[1] as string };
    await t.app.inject({ url: `/flow-api/${session.token}/state` });
    const document = await t.app.inject({
      method: "POST",
      url: `/flow-api/${session.token}/steps/document`,
      payload: { front_image: passport },
    });
    assert.equal(document.statusCode, 200, document.body);
    const current = document.json().current_step;
    assert.equal(current.node_id, "chip");
    return { url: url as string, config: current.config };
  }

  const postChip = (payload: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url: `/flow-api/${session.token}/steps/chip`, payload });

  /** The chip node evaluated over this session with another submission (and optionally a selfie node). */
  async function evaluateWith(
    body: Record<string, unknown>,
    options: { selfie?: Buffer; config?: object } = {},
  ) {
    const row = await findSession(t.services.db, tenant.tenant_id, session.id);
    const states = await loadNodeStates(t.services.db, row);
    const state = states.find((s) => s.node.id === "chip")!;
    state.node = { ...state.node, config: nfcVerificationModule.parseConfig(options.config ?? {}, "") };
    if (options.selfie) {
      const saved = await saveEvidence(t.services.db, t.services.media, {
        tenantId: tenant.tenant_id,
        sessionId: session.id,
        kind: "selfie",
        bytes: options.selfie,
        contentType: "image/jpeg",
      });
      states.push({
        node: { id: "live", feature: "LIVENESS", enabled: true, config: {} },
        captures: { selfie_path: saved.path },
        result: null,
        state: "captured",
      } as (typeof states)[number]);
    }
    const context = moduleContext(t.services, row, states, state);
    state.captures = await nfcVerificationModule.step!.submit!(context, body);
    return (await nfcVerificationModule.evaluate({ ...context, captures: state.captures })).result;
  }

  test("the master list loads from a file (ICAO CMS); listing shows the CSCA", async () => {
    const loaded = await runOperatorCommand(t.services, [
      "nfc",
      "masterlist",
      "load",
      join(dir, "masterlist.ml"),
    ]);
    assert.deepEqual(loaded, { format: "icao_master_list", certificates: 1, crls: 0, added: 1 });
    const again = (await runOperatorCommand(t.services, [
      "nfc",
      "masterlist",
      "load",
      join(dir, "masterlist.ml"),
    ])) as {
      added: number;
    };
    assert.equal(again.added, 0, "loading twice stores nothing twice");
    const listed = (await runOperatorCommand(t.services, ["nfc", "masterlist", "list"])) as {
      anchors: { kind: string; subject: string; country: string }[];
    };
    assert.deepEqual(
      listed.anchors.map((a) => [a.kind, a.subject, a.country]),
      [["csca", "CSCA Nepal", "NP"]],
    );
    await writeFile(join(dir, "junk.pem"), "not a certificate");
    await assert.rejects(
      runOperatorCommand(t.services, ["nfc", "masterlist", "load", join(dir, "junk.pem")]),
      {
        code: "validation_failed",
      },
    );
  });

  test("a genuine chip with active authentication passes: approved, passive and active checks recorded", async () => {
    const step = await atChipStep();
    assert.equal(step.config.handoff_url, step.url, "the QR hand-off opens this session");
    const challenge = Buffer.from(step.config.challenge, "base64");
    assert.equal(challenge.length, 8);
    const files = await chipFiles();
    const posted = await postChip({
      ...files,
      challenge: b64(challenge),
      aa_signature: b64(chip.sign(challenge)),
    });
    assert.equal(posted.statusCode, 200, posted.body);
    assert.equal(posted.json().ready_to_finish, true);
    const finished = await t.app.inject({ method: "POST", url: `/flow-api/${session.token}/finish` });
    assert.equal(finished.statusCode, 200, finished.body);
    const detail = (
      await t.app.inject({ url: `/v3/session/${session.id}/`, headers: tenant.headers })
    ).json();
    const node = detail.decision_v3.nfc_verifications[0];
    assert.equal(node.status, "approved", JSON.stringify(node.warnings));
    assert.equal(detail.status, "approved");
    assert.deepEqual(node.warnings, ["chip_face_not_compared"]);
    const passive = node.data.passive_authentication;
    assert.equal(passive.sod_signature_valid, true);
    assert.equal(passive.chain_valid, true);
    assert.deepEqual(passive.data_groups, { dg1: "match", dg2: "match", dg15: "match" });
    assert.equal(passive.csca.subject, "CSCA Nepal");
    assert.deepEqual(node.data.active_authentication, { performed: true, valid: true, available: true });
    assert.equal(node.data.mrz_match, true);
    assert.ok(node.data.mrz_compared_fields.includes("document_number"));
    assert.deepEqual(node.data.chip.mrz_lines, mrz);
    assert.match(node.data.face.chip_portrait_url, /\/v3\/media\//);
    const portrait = await t.app.inject({ url: node.data.face.chip_portrait_url, headers: tenant.headers });
    assert.equal(portrait.statusCode, 200);
    assert.equal(
      JSON.stringify(detail).includes(files.sod.slice(0, 40)),
      false,
      "no chip bytes in the decision",
    );
  });

  test("the step refuses missing or malformed files and a challenge it did not issue or already spent", async () => {
    const step = await atChipStep();
    const files = await chipFiles();
    const code = async (payload: Record<string, unknown>) => {
      const response = await postChip(payload);
      return [response.statusCode, response.json().detail];
    };
    assert.deepEqual(await code({ dg1: files.dg1, dg2: files.dg2 }), [400, "sod_required"]);
    assert.deepEqual(await code({ ...files, dg1: "@@@" }), [400, "invalid_dg1"]);
    assert.deepEqual(await code({ ...files, dg2: files.dg1 }), [400, "invalid_dg2"]);
    assert.deepEqual(await code({ ...files, sod: files.dg1 }), [400, "invalid_sod"]);
    assert.deepEqual(await code({ ...files, aa_signature: b64(Buffer.alloc(128)) }), [
      400,
      "challenge_required",
    ]);
    const foreign = Buffer.from("0011223344556677", "hex");
    assert.deepEqual(
      await code({ ...files, challenge: b64(foreign), aa_signature: b64(chip.sign(foreign)) }),
      [422, "challenge_invalid"],
    );
    const challenge = Buffer.from(step.config.challenge, "base64");
    const good = { ...files, challenge: b64(challenge), aa_signature: b64(chip.sign(challenge)) };
    assert.equal((await postChip(good)).statusCode, 200);
    // The step is done; the spent challenge cannot be replayed on it either.
    assert.equal((await postChip(good)).statusCode, 409);
  });

  test("a chip whose DG1 was rewritten (and re-hashed by a DS the list does not know) is declined", async () => {
    const forgedLines = [mrz[0]!, `X${mrz[1]!.slice(1)}`];
    const rogueCsca = await issueCertificate({ commonName: "CSCA Nepal", ca: true });
    const rogueDs = await issueCertificate({ commonName: "Document Signer 7", issuer: rogueCsca });
    const result = await evaluateWith(await chipFiles({ lines: forgedLines, signer: rogueDs }));
    assert.equal(result.status, "declined");
    assert.ok(result.warnings.includes("csca_not_trusted"));
    assert.ok(result.warnings.includes("mrz_chip_mismatch"));
    assert.ok(result.warnings.includes("active_authentication_failed"), "DG15 without an answer");
  });

  test("tampering: a swapped DG2 is dg_hash_mismatch; untrusted_csca: in_review holds instead of declining", async () => {
    const files = await chipFiles();
    const swapped = await evaluateWith({ ...files, dg2: b64(dg2(await chipJpeg("img20.jpg"))) });
    assert.equal(swapped.status, "declined");
    assert.ok(swapped.warnings.includes("dg_hash_mismatch"));
    assert.equal(
      (swapped.data.passive_authentication as { data_groups: Record<string, string> }).data_groups.dg2,
      "mismatch",
    );

    const other = await issueCertificate({ commonName: "CSCA Elsewhere", country: "XX", ca: true });
    const otherDs = await issueCertificate({ commonName: "DS", issuer: other, country: "XX" });
    const held = await evaluateWith(await withoutDg15(otherDs), { config: { untrusted_csca: "in_review" } });
    assert.equal(held.status, "in_review", JSON.stringify(held.warnings));
    assert.deepEqual(
      held.warnings.filter((w) => w !== "chip_face_not_compared"),
      ["csca_not_trusted"],
    );
  });

  async function withoutDg15(signer: Issued) {
    const groups = new Map([
      [1, dg1(mrz)],
      [2, dg2(face)],
    ]);
    return {
      dg1: b64(groups.get(1)!),
      dg2: b64(groups.get(2)!),
      sod: b64(await securityObject(signer, groups)),
    };
  }

  test("DG2's portrait is compared with the live selfie: same person matches, another is chip_face_mismatch", async () => {
    const same = await evaluateWith(await withoutDg15(ds), { selfie: await readFile(`${FACES}img2.jpg`) });
    assert.equal(same.status, "approved", JSON.stringify(same.warnings));
    assert.equal((same.data.face as Record<string, unknown>).matched, true);
    assert.ok((same.score ?? 0) >= 50);
    const other = await evaluateWith(await withoutDg15(ds), { selfie: await readFile(`${FACES}img20.jpg`) });
    assert.equal(other.status, "declined");
    assert.deepEqual(other.warnings, ["chip_face_mismatch"]);
  });

  test("a JPEG 2000 portrait in DG2 is decoded and compared like a JPEG", async () => {
    const j2k = await toJpeg2000(face);
    const groups = new Map([
      [1, dg1(mrz)],
      [2, dg2(j2k)],
    ]);
    const result: Omit<NodeResult, "node_id"> = await evaluateWith(
      { dg1: b64(groups.get(1)!), dg2: b64(groups.get(2)!), sod: b64(await securityObject(ds, groups)) },
      { selfie: await readFile(`${FACES}img2.jpg`) },
    );
    assert.equal(result.status, "approved", JSON.stringify(result.warnings));
    assert.equal((result.data.face as Record<string, unknown>).matched, true);
    const url = String((result.data.face as Record<string, unknown>).chip_portrait_url);
    const png = await t.app.inject({ url, headers: tenant.headers });
    assert.equal(png.headers["content-type"], "image/png");
  });

  test("a CSCA removed with `kyc nfc masterlist remove` is no longer trusted, then trusted again once reloaded", async () => {
    const files = await withoutDg15(ds);
    const trusted = await evaluateWith(files, { config: { untrusted_csca: "in_review" } });
    assert.ok(!trusted.warnings.includes("csca_not_trusted"), JSON.stringify(trusted.warnings));
    const listed = (await runOperatorCommand(t.services, ["nfc", "masterlist", "list"])) as {
      anchors: { fingerprint: string }[];
    };
    for (const anchor of listed.anchors) {
      await runOperatorCommand(t.services, ["nfc", "masterlist", "remove", anchor.fingerprint]);
    }
    const removed = await evaluateWith(files, { config: { untrusted_csca: "in_review" } });
    assert.equal(removed.status, "in_review");
    assert.ok(removed.warnings.includes("csca_not_trusted"), JSON.stringify(removed.warnings));
    await runOperatorCommand(t.services, ["nfc", "masterlist", "load", join(dir, "masterlist.ml")]);
    const reloaded = await evaluateWith(files, { config: { untrusted_csca: "in_review" } });
    assert.ok(!reloaded.warnings.includes("csca_not_trusted"), JSON.stringify(reloaded.warnings));
  });

  test("workflow config is checked strictly", async () => {
    await assert.rejects(
      createWorkflow(t.services.db, tenant.tenant_id, {
        name: "bad",
        nodes: [{ feature: "NFC_VERIFICATION", config: { app_link: "myapp://open" } }],
      }),
      /NFC_VERIFICATION: app_link/,
    );
    const linked = (
      await createWorkflow(t.services.db, tenant.tenant_id, {
        name: "app link",
        nodes: [
          {
            id: "chip",
            feature: "NFC_VERIFICATION",
            config: { app_link: "kycapp://nfc?session={session_url}" },
          },
        ],
      })
    ).id;
    const created = await t.app.inject({
      method: "POST",
      url: "/v3/session/",
      headers: tenant.headers,
      payload: { workflow_id: linked },
    });
    const { url } = created.json();
    const state = (await t.app.inject({ url: `/flow-api/${url.split("/verify/")[1]}/state` })).json();
    assert.equal(state.current_step.config.handoff_url, `kycapp://nfc?session=${encodeURIComponent(url)}`);
  });
});
