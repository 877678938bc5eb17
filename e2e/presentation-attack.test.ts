// The attack from issue #23 in a real browser: an attacker who holds only an image of a passport data
// page uploads the page as the document and moves a crop of its own portrait in front of the camera for
// the selfie (Chromium's fake camera plays the crop with a drift, as a hand-held picture would move).
// The hosted page records its clip as it does for anyone; the session is declined on liveness and on
// the face match. The genuine control (another photograph of the holder) is capture-flow.test.ts.
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { Browser } from "playwright-core";
import { createWorkflow } from "../src/verify/workflows/workflows.js";
import { passportAttack } from "../test/specimens/liveness/passport-attack.js";
import { faceY4m, launchBrowser, newPhone, shot } from "./support/browser.js";
import { type FlowServer, startFlowServer } from "./support/flow-server.js";

interface Node {
  status: string;
  warnings: string[];
  data: Record<string, unknown>;
}

describe("presentation attack in the hosted flow", () => {
  let server: FlowServer;
  let browser: Browser;
  let page: Buffer;

  before(async () => {
    server = await startFlowServer();
    // The same page and portrait crop as the applicant-API test (test/verify/modules/liveness-pad.test.ts).
    const attack = await passportAttack();
    page = attack.page;
    const crop = join(mkdtempSync(join(tmpdir(), "kyc-e2e-attack-")), "portrait.jpg");
    writeFileSync(crop, attack.portraitCrop);
    browser = await launchBrowser(faceY4m(crop));
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  test("the passport page as the document and its portrait before the camera: declined", async () => {
    const workflow = await createWorkflow(server.services.db, server.tenant.tenant_id, {
      name: "Document, selfie and match",
      nodes: [
        { id: "document", feature: "ID_VERIFICATION", config: {} },
        { id: "liveness", feature: "LIVENESS", config: { method: "PASSIVE" } },
        { id: "face_match", feature: "FACE_MATCH", config: {} },
      ],
    });
    const session = await server.createSession({ workflow_id: workflow.id, vendor_data: "e2e-attack" });
    const context = await newPhone(browser);
    const tab = await context.newPage();
    await tab.goto(session.url);
    await tab.getByRole("button", { name: "Start" }).click();
    await tab.getByRole("heading", { name: "Photograph your ID document" }).waitFor();
    await tab.getByTestId("document-upload").setInputFiles({
      name: "passport.jpg",
      mimeType: "image/jpeg",
      buffer: page,
    });
    await tab.getByRole("button", { name: "Use this photo" }).click();
    await tab.getByRole("heading", { name: "Take a selfie" }).waitFor({ timeout: 120_000 });
    await tab.waitForFunction(() => (document.querySelector("video") as HTMLVideoElement)?.videoWidth > 0);
    await shot(tab, "attack-phone-1-portrait-before-camera");
    const posted = tab.waitForRequest((r) => r.url().endsWith("/steps/liveness") && r.method() === "POST");
    await tab.getByRole("button", { name: "Take selfie" }).click();
    const body = (await posted).postDataJSON() as Record<string, unknown>;
    assert.ok(body.video || Array.isArray(body.burst), "the page sent its clip or burst, not a still alone");
    // Judged on submit: the page may show the finish screen (the verdict is the server's) or a refusal.
    await tab
      .getByRole("heading", { name: "Ready to submit" })
      .or(tab.getByRole("alert"))
      .waitFor({ timeout: 120_000 });
    const finishing = tab.getByRole("button", { name: "Submit verification" });
    if (await finishing.isVisible()) await finishing.click();
    await tab.getByTestId("end-page").waitFor({ timeout: 120_000 });
    await shot(tab, "attack-phone-2-end");

    const detail = (await (
      await fetch(`${server.url}/v3/session/${session.id}/`, { headers: server.tenant.headers })
    ).json()) as { status: string; decision_v3: Record<string, Node[]> };
    const liveness = detail.decision_v3.liveness_checks![0]!;
    const match = detail.decision_v3.face_matches![0]!;
    const seen = JSON.stringify({ liveness, match });
    assert.equal(detail.status, "declined", seen);
    assert.equal(liveness.status, "declined", seen);
    assert.ok(liveness.warnings.includes("spoof_detected"), seen);
    assert.notEqual(match.status, "approved", seen);
    assert.equal(match.data.matched, false, seen);
    await context.close();
  });
});
