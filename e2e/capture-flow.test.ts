// Capture steps in a real browser with Chromium's fake camera showing a real face: document (file-upload
// fallback with a generated passport; the live document view is screenshotted) + PASSIVE selfie + face
// match to a signed webhook; each challenge method reaching its capture screen; a blocked camera.
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { Browser } from "playwright-core";
import { createWorkflow } from "../src/verify/workflows/workflows.js";
import { drawPassport } from "../test/specimens/documents/passport.js";
import { createRandom } from "../test/specimens/seeded-random.js";
import {
  ARTIFACTS,
  DESKTOP,
  denyCamera,
  FACES,
  faceY4m,
  launchBrowser,
  newDesktop,
  newPhone,
  shot,
} from "./support/browser.js";
import { type FlowServer, startFlowServer } from "./support/flow-server.js";

describe("capture steps", () => {
  let server: FlowServer;
  let browser: Browser;
  let passport: Buffer;
  const metrics: Record<string, unknown> = {};

  before(async () => {
    server = await startFlowServer();
    // The passport shows img2's person; the camera shows img1, the same person (test/verify/modules).
    browser = await launchBrowser(faceY4m("img1.jpg"));
    passport = await (await drawPassport(createRandom(7), join(FACES, "img2.jpg"), 7, {})).canvas.toPng();
  });
  after(async () => {
    writeFileSync(join(ARTIFACTS, "capture-flow-metrics.json"), `${JSON.stringify(metrics, null, 2)}\n`);
    await browser?.close();
    await server?.close();
  });

  async function workflowOf(name: string, nodes: Record<string, unknown>[]): Promise<string> {
    return (await createWorkflow(server.services.db, server.tenant.tenant_id, { name, nodes })).id;
  }

  test("document upload + selfie through the fake camera + face match reach a decision and a signed webhook", async () => {
    const workflow = await workflowOf("Standard", [
      { id: "document", feature: "ID_VERIFICATION", config: {} },
      { id: "liveness", feature: "LIVENESS", config: { method: "PASSIVE" } },
      { id: "face_match", feature: "FACE_MATCH", config: {} },
    ]);
    const session = await server.createSession({ workflow_id: workflow, vendor_data: "e2e-kyc" });
    const context = await newPhone(browser);
    const page = await context.newPage();
    await page.goto(session.url);
    await page.getByRole("button", { name: "Start" }).click();
    await page.getByRole("heading", { name: "Photograph your ID document" }).waitFor();
    await page.locator(".cam-status").filter({ hasNotText: "Starting" }).waitFor();
    await shot(page, "kyc-phone-1-document-camera");
    await page.getByTestId("document-upload").setInputFiles({
      name: "passport.png",
      mimeType: "image/png",
      buffer: passport,
    });
    await page.getByRole("button", { name: "Use this photo" }).waitFor();
    await shot(page, "kyc-phone-2-document-preview");
    await page.getByRole("button", { name: "Use this photo" }).click();
    await page.getByRole("heading", { name: "Take a selfie" }).waitFor({ timeout: 120_000 });
    await page.getByRole("button", { name: "Take selfie" }).waitFor();
    await page.waitForFunction(() => (document.querySelector("video") as HTMLVideoElement)?.videoWidth > 0);
    await shot(page, "kyc-phone-3-selfie");
    const submitted = page.waitForRequest(
      (r) => r.url().endsWith("/steps/liveness") && r.method() === "POST",
    );
    await page.getByRole("button", { name: "Take selfie" }).click();
    await submitted;
    const lastCapture = Date.now();
    await page.getByRole("heading", { name: "Ready to submit" }).waitFor({ timeout: 120_000 });
    const stepAccepted = Date.now() - lastCapture;
    await shot(page, "kyc-phone-4-finish");
    await page.getByRole("button", { name: "Submit verification" }).click();
    await page.getByTestId("end-page").waitFor({ timeout: 120_000 });
    metrics.last_capture_to_decision_ms = Date.now() - lastCapture;
    metrics.liveness_step_accepted_ms = stepAccepted;
    await shot(page, "kyc-phone-5-end");
    console.log(
      `last capture → step accepted ${stepAccepted} ms, → decision shown ${metrics.last_capture_to_decision_ms} ms`,
    );

    const detail = (await (
      await fetch(`${server.url}/v3/session/${session.id}/`, { headers: server.tenant.headers })
    ).json()) as {
      status: string;
      decision_v3: Record<string, { status: string; warnings: string[]; data: Record<string, unknown> }[]>;
    };
    metrics.kyc_status = detail.status;
    const liveness = detail.decision_v3.liveness_checks![0]!;
    const match = detail.decision_v3.face_matches![0]!;
    metrics.kyc_nodes = {
      document: detail.decision_v3.id_verifications![0]?.status,
      liveness: [liveness?.status, liveness?.warnings, liveness?.data?.video_status],
      face_match: [match?.status, match?.data?.similarity],
    };
    assert.ok(liveness.data.selfie_url, "the selfie from the fake camera was stored");
    assert.equal(match.data.matched, true, JSON.stringify(match));
    const webhook = await server.deliverWebhook(session.id);
    assert.match(webhook.event_type, /^identity\.kyc\.session\./);
    assert.equal(webhook.payload.session_id, session.id);
    await context.close();
  });

  for (const method of ["FLASHING", "3D_ACTION", "GESTURE", "PASSIVE_VIDEO"] as const) {
    test(`${method} liveness shows its prompts on the capture screen and submits the captures`, async () => {
      const workflow = await workflowOf(method, [{ id: "liveness", feature: method, config: {} }]);
      const session = await server.createSession({ workflow_id: workflow });
      // Desktop first, to the capture screen only; the phone then runs the capture on the same session.
      for (const device of ["desktop", "phone"] as const) {
        const context = device === "phone" ? await newPhone(browser) : await newDesktop(browser);
        const page = await context.newPage();
        await page.goto(session.url);
        await page.getByRole("button", { name: "Start" }).click();
        const start = page.getByTestId("liveness-start");
        await start.waitFor();
        await page.waitForFunction(
          () => (document.querySelector("video") as HTMLVideoElement)?.videoWidth > 0,
        );
        await shot(page, `liveness-${method}-${device}-1-intro`);
        if (device === "desktop") {
          await context.close();
          continue;
        }
        const posted = page.waitForRequest((r) => r.url().endsWith("/steps/liveness"), { timeout: 60_000 });
        await start.click();
        if (method === "FLASHING") {
          await page.getByTestId("flash-screen").waitFor();
          await page.waitForTimeout(250);
          await shot(page, `liveness-${method}-${device}-2-flash`);
        } else if (method !== "PASSIVE_VIDEO") {
          await page.locator(".prompt").filter({ hasNotText: "Capturing" }).waitFor();
          await page.waitForTimeout(300);
          await shot(page, `liveness-${method}-${device}-2-prompt`);
        }
        const body = (await posted).postDataJSON() as Record<string, unknown>;
        if (method === "PASSIVE_VIDEO") assert.match(String(body.video), /^data:video\/webm/);
        else {
          assert.ok(typeof body.challenge_id === "string");
          assert.ok(Array.isArray(body.frames) && body.frames.length >= 3);
        }
        // Judged: the step is done (whatever the verdict), or refused with a message and a fresh challenge.
        await page
          .getByRole("heading", { name: "Ready to submit" })
          .or(page.getByRole("alert"))
          .waitFor({ timeout: 120_000 });
        await shot(page, `liveness-${method}-${device}-3-after`);
        await context.close();
      }
    });
  }

  test("a blocked camera explains how to allow it and offers the upload fallback", async () => {
    const workflow = await workflowOf("Document only", [
      { id: "document", feature: "ID_VERIFICATION", config: {} },
    ]);
    const session = await server.createSession({ workflow_id: workflow });
    for (const device of ["phone", "desktop"] as const) {
      const context =
        device === "phone" ? await newPhone(browser) : await browser.newContext({ viewport: DESKTOP });
      await denyCamera(context);
      const page = await context.newPage();
      await page.goto(session.url);
      await page.getByRole("button", { name: "Start" }).click();
      await page.getByText("Camera access is blocked").waitFor();
      await page.getByText("Upload a photo instead").waitFor();
      await page.getByRole("button", { name: "Try again" }).waitFor();
      await shot(page, `camera-denied-${device}`);
      await context.close();
    }
  });
});
