// VIDEO_CALL in real browsers on loopback: the applicant and the agent in two contexts of Chromium, both with
// the fake camera (a real face photograph as a .y4m) and the fake microphone. The applicant queues, the agent
// takes the call from the console, they see each other over WebRTC (host candidates), the agent takes three
// labelled screenshots and passes the applicant; the recording made in the agent's browser is joined and
// downloadable through /v3/media. Then an applicant on a phone, in Nepali, reloads mid-call (the call
// reconnects), loses both signalling sockets (both pages reconnect) and leaves: the call is abandoned.
// Screenshots go to test-artifacts/e2e/video/.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdirSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { promisify } from "node:util";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { createOperator } from "../src/console/operators.js";
import { createWorkflow } from "../src/verify/workflows/workflows.js";
import {
  ARTIFACTS,
  faceY4m,
  launchBrowser,
  newDesktop,
  newPhone,
  openConsoleNav,
} from "./support/browser.js";
import { type FlowServer, startFlowServer } from "./support/flow-server.js";

const SHOTS = join(ARTIFACTS, "video");
const run = promisify(execFile);

async function probeDuration(webm: Buffer): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), "video-e2e-"));
  try {
    await writeFile(join(dir, "call.webm"), webm);
    const { stdout } = await run("ffprobe", [
      ...["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", join(dir, "call.webm")],
    ]);
    return Number(stdout.trim());
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
const AGENT = "agent@example.com";
const PASSWORD = "video e2e password";

interface VideoCallEntry {
  id: string;
  status: string;
  verdict: string | null;
  verdict_reason: string | null;
  recording_status: string | null;
  recording_url: string | null;
  screenshots: { label: string; url: string }[];
}

describe("video call", () => {
  let server: FlowServer;
  let browser: Browser;
  let workflow: string;
  const contexts: BrowserContext[] = [];

  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    server = await startFlowServer();
    browser = await launchBrowser(faceY4m("img1.jpg"));
    workflow = (
      await createWorkflow(server.services.db, server.tenant.tenant_id, {
        name: "Video call",
        nodes: [{ id: "call", feature: "VIDEO_CALL", config: {} }],
      })
    ).id;
    await createOperator(server.services.db, { email: AGENT, password: PASSWORD, role: "reviewer" });
  });
  after(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await server?.close();
  });

  const shot = (page: Page, name: string) =>
    page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });

  async function agentPage(device: "desktop" | "phone"): Promise<Page> {
    const context = device === "desktop" ? await newDesktop(browser) : await newPhone(browser);
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${server.url}/console/`);
    await page.getByLabel("Email").fill(AGENT);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Review queue" }).waitFor();
    return page;
  }

  async function applicantPage(device: "desktop" | "phone", url: string): Promise<Page> {
    const context = device === "desktop" ? await newDesktop(browser) : await newPhone(browser);
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(url);
    return page;
  }

  /** Waits until the video element shows moving frames from the other party. */
  const playing = (page: Page, selector: string) =>
    page.waitForFunction(
      (css) => {
        const video = document.querySelector<HTMLVideoElement>(css);
        return video !== null && video.readyState >= 2 && video.videoWidth > 0 && video.currentTime > 0.3;
      },
      selector,
      { timeout: 60_000 },
    );

  async function takeFromQueue(agent: Page, vendorData: string) {
    await openConsoleNav(agent);
    await agent.getByRole("link", { name: "Video calls" }).click();
    await agent.getByRole("heading", { name: "Video calls" }).waitFor();
    const row = agent.locator("tr", { hasText: vendorData });
    await row.getByRole("button", { name: "Take call" }).click();
    await agent.getByRole("heading", { name: "Video call" }).waitFor();
  }

  async function callEntry(sessionId: string): Promise<VideoCallEntry> {
    const read = await server.readSession<{ decision_v3: { video_calls: VideoCallEntry[] } }>(sessionId);
    return read.decision_v3.video_calls.at(-1)!;
  }

  test("queue → take → active → screenshots → pass → recording ready and downloadable", async () => {
    const session = await server.createSession({ workflow_id: workflow, vendor_data: "e2e-video-pass" });
    const applicant = await applicantPage("desktop", session.url);
    await applicant.getByRole("button", { name: "Start" }).click();
    await applicant.getByRole("heading", { name: "Video call with an agent" }).waitFor();
    await shot(applicant, "applicant-desktop-1-intro");
    await applicant.getByRole("button", { name: "Join the call queue" }).click();
    await applicant.getByRole("heading", { name: "Waiting for an agent" }).waitFor();
    await applicant.getByText("You are number 1 in the queue.").waitFor();
    await applicant.getByText("Expected wait: about 3 min.").waitFor();
    await shot(applicant, "applicant-desktop-2-waiting");
    assert.equal((await server.readSession<{ status: string }>(session.id)).status, "awaiting_user");

    const agent = await agentPage("desktop");
    await takeFromQueue(agent, "e2e-video-pass");
    await applicant.getByRole("heading", { name: "You are talking with an agent" }).waitFor();
    await playing(applicant, 'video[aria-label="The agent\'s video"]');
    await playing(agent, 'video[data-video="applicant"]');
    await agent.locator('[data-call-status="active"]').waitFor();
    await shot(applicant, "applicant-desktop-3-in-call");

    for (const name of ["Document front", "Document back", "Face"]) {
      await agent.getByRole("button", { name, exact: true }).click();
      await agent.getByRole("img", { name: name.toLowerCase() }).waitFor();
    }
    await shot(agent, "console-desktop-call");
    // A few recorder slices (2 s each) before the verdict.
    await agent.waitForTimeout(4500);
    await agent.getByRole("textbox", { name: /Internal notes/ }).fill("Hologram checked; private note");
    await agent.getByRole("button", { name: "End call with verdict" }).click();
    await agent.locator('[data-verdict="pass"]').waitFor();
    await agent.locator('[data-recording="ready"]').waitFor({ timeout: 60_000 });
    await agent.getByRole("link", { name: "Download recording (WebM)" }).waitFor();
    await shot(agent, "console-desktop-call-ended");
    // The session page lists the call with its screenshots and the recording.
    await agent.getByRole("link", { name: session.id }).click();
    await agent.getByRole("heading", { name: "Video calls" }).waitFor();
    await agent.locator("#video-calls-title ~ div img").nth(2).waitFor();
    await agent.getByRole("link", { name: "download" }).waitFor();
    await shot(agent, "console-desktop-session-video-calls");

    await applicant.getByRole("heading", { name: "Ready to submit" }).waitFor({ timeout: 30_000 });
    await applicant.getByRole("button", { name: "Submit verification" }).click();
    await applicant.getByRole("heading", { name: "Thank you" }).waitFor({ timeout: 60_000 });

    const read = await server.readSession<{ status: string }>(session.id);
    assert.equal(read.status, "approved");
    const entry = await callEntry(session.id);
    assert.equal(entry.status, "completed");
    assert.equal(entry.verdict, "pass");
    assert.equal(entry.verdict_reason, "completed");
    assert.equal(entry.recording_status, "ready");
    assert.deepEqual(
      entry.screenshots.map((s) => s.label),
      ["document_front", "document_back", "face"],
    );
    assert.ok(!JSON.stringify(read).includes("private note"), "notes stay in the console");
    const media = await fetch(entry.recording_url!, { headers: server.tenant.headers });
    assert.equal(media.status, 200);
    assert.equal(media.headers.get("content-type"), "video/webm");
    const webm = Buffer.from(await media.arrayBuffer());
    assert.ok(webm.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3])), "a WebM file");
    assert.ok(webm.length > 20_000, `${webm.length} bytes of recorded call`);
    // Remuxed with ffmpeg, the recording knows its length: about the call's, from active to the verdict.
    const seconds = await probeDuration(webm);
    const read2 = await server.readSession<{ decision_v3: { video_calls: { duration_s: number }[] } }>(
      session.id,
    );
    const callSeconds = read2.decision_v3.video_calls[0]!.duration_s;
    console.log(`recording ${seconds.toFixed(2)} s, ${webm.length} bytes; call duration_s ${callSeconds}`);
    assert.ok(seconds >= 4 && seconds <= callSeconds + 2, `${seconds} s recorded of a ${callSeconds} s call`);
    const still = await fetch(entry.screenshots[2]!.url, { headers: server.tenant.headers });
    assert.equal(still.status, 200);
    assert.equal(still.headers.get("content-type"), "image/jpeg");
  });

  test("a phone applicant in Nepali reconnects after a reload, then leaves: the call is abandoned", async () => {
    const session = await server.createSession({
      workflow_id: workflow,
      vendor_data: "e2e-video-leave",
      locale: "ne",
    });
    const applicant = await applicantPage("phone", session.url);
    await applicant.getByRole("button", { name: "सुरु गर्नुहोस्" }).click();
    await applicant.getByRole("button", { name: "कलको लाइनमा बस्नुहोस्" }).click();
    await applicant.getByRole("heading", { name: "एजेन्टको प्रतीक्षा गर्दै" }).waitFor();
    await applicant.getByText("लाइनमा तपाईं 1 नम्बरमा हुनुहुन्छ।").waitFor();
    await shot(applicant, "applicant-phone-ne-1-waiting");

    const agent = await agentPage("phone");
    await takeFromQueue(agent, "e2e-video-leave");
    await applicant.getByRole("heading", { name: "तपाईं एजेन्टसँग कुरा गर्दै हुनुहुन्छ" }).waitFor();
    await playing(applicant, 'video[aria-label="एजेन्टको भिडियो"]');
    await shot(applicant, "applicant-phone-ne-2-in-call");
    await shot(agent, "console-phone-call");

    // A lost page comes back straight to the same call (no intro): its socket reconnects and the agent
    // offers again.
    await applicant.reload();
    await applicant.getByRole("heading", { name: "तपाईं एजेन्टसँग कुरा गर्दै हुनुहुन्छ" }).waitFor();
    assert.equal(await applicant.getByRole("button", { name: "सुरु गर्नुहोस्" }).count(), 0);
    await playing(applicant, 'video[aria-label="एजेन्टको भिडियो"]');
    await playing(agent, 'video[data-video="applicant"]');

    // The network drops both signalling sockets: both pages reconnect on their own and the call goes on.
    const sockets = server.app.websocketServer.clients;
    assert.equal(sockets.size, 2);
    for (const socket of sockets) socket.terminate();
    for (let i = 0; i < 100 && server.app.websocketServer.clients.size < 2; i++)
      await applicant.waitForTimeout(100);
    assert.equal(server.app.websocketServer.clients.size, 2, "both sides reconnected");
    await playing(applicant, 'video[aria-label="एजेन्टको भिडियो"]');
    await playing(agent, 'video[data-video="applicant"]');

    await applicant.getByRole("button", { name: "कल छोड्नुहोस्" }).click();
    await applicant.getByText("एजेन्टले सकाउनुअघि नै तपाईंको कल टुट्यो।", { exact: false }).waitFor();
    await shot(applicant, "applicant-phone-ne-3-left");
    await agent.locator('[data-call-status="abandoned"]').waitFor({ timeout: 30_000 });
    await agent.locator('[data-recording="ready"]').waitFor({ timeout: 60_000 });

    const entry = await callEntry(session.id);
    assert.equal(entry.status, "abandoned");
    assert.equal(entry.verdict, null);
    assert.equal(entry.verdict_reason, "applicant_left");
    assert.equal(entry.recording_status, "ready", "the part recorded before the applicant left is kept");
    assert.equal((await server.readSession<{ status: string }>(session.id)).status, "in_progress");
  });
});
