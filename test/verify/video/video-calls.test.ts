// VIDEO_CALL through the applicant API, the console API and both signalling sockets (issue 17), on a real
// database: queue, take, answer, screenshots, a recording uploaded out of order and joined, the verdict and
// what decision_v3.video_calls shows; leaving, the presence sweep and an incomplete recording.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { promisify } from "node:util";
import { sql } from "kysely";
import { expireLapsedSessions } from "../../../src/verify/sessions/session-jobs.js";
import { failStaleRecordings } from "../../../src/verify/video/call-evidence.js";
import { meanCallSeconds } from "../../../src/verify/video/video-queue.js";
import { abandonLostCalls } from "../../../src/verify/video/video-sweep-job.js";
import { createWorkflow } from "../../../src/verify/workflows/workflows.js";
import { operator, type TestOperator } from "../../console/console-support.js";
import { clipFromStills } from "../../specimens/liveness/captures.js";
import { createTestApp, type TestApp, type TestTenant } from "../../support/test-app.js";
import { createSessionOver } from "../session-fixtures.js";

const run = promisify(execFile);

/** Frames ffprobe decodes from a WebM (a slice out of order or missing breaks the count). */
async function probeFrames(webm: Buffer): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), "video-probe-"));
  try {
    await writeFile(join(dir, "v.webm"), webm);
    const { stdout } = await run("ffprobe", [
      ...["-v", "error", "-count_frames", "-select_streams", "v:0"],
      ...["-show_entries", "stream=nb_read_frames", "-of", "csv=p=0", join(dir, "v.webm")],
    ]);
    return Number(stdout.trim());
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const FACES = new URL("../../../../shared/data/faces/deepface/", import.meta.url).pathname;
const ENTRY_KEYS = [
  "completed_at",
  "duration_s",
  "id",
  "recording_status",
  "recording_url",
  "screenshots",
  "status",
  "verdict",
  "verdict_reason",
];

describe("video calls", () => {
  let t: TestApp;
  let tenant: TestTenant;
  let other: TestTenant;
  let agent: TestOperator;
  let rival: TestOperator;
  let workflow: string;
  let reviewWorkflow: string;
  let face: Buffer;

  before(async () => {
    t = await createTestApp({ RATE_LIMIT_APPLICANT_STEPS: "1000", VIDEO_PRESENCE_TIMEOUT_S: "30" });
    tenant = await t.tenant({ features: "all" });
    other = await t.tenant({ features: "all" });
    agent = await operator(t, "reviewer");
    rival = await operator(t, "admin");
    const make = async (name: string, config: Record<string, unknown>) =>
      (
        await createWorkflow(t.services.db, tenant.tenant_id, {
          name,
          nodes: [{ id: "call", feature: "VIDEO_CALL", config }],
        })
      ).id;
    workflow = await make("Video", {});
    reviewWorkflow = await make("Video, fail held", { on_fail: "in_review" });
    face = readFileSync(`${FACES}img1.jpg`);
  });
  after(async () => {
    await t?.close();
  });

  const step = (token: string, action: string) =>
    t.app.inject({ method: "POST", url: `/flow-api/${token}/steps/call`, payload: { action } });
  const state = async (token: string) => (await t.app.inject({ url: `/flow-api/${token}/state` })).json();
  const read = async (id: string) =>
    (await t.app.inject({ url: `/v3/session/${id}/`, headers: tenant.headers })).json();
  const consoleCall = (who: TestOperator, method: "GET" | "POST" | "PUT", path: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/console/api/tenants/${tenant.tenant_id}/video-calls/${path}`,
      headers: who.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  async function queued(workflowId = workflow) {
    const session = await createSessionOver(t, tenant, { workflow_id: workflowId });
    await state(session.token);
    const joined = await step(session.token, "join");
    assert.equal(joined.statusCode, 200, joined.body);
    const config = joined.json().current_step.config;
    return { session, callId: config.call_id as string, config };
  }

  /** The applicant's socket; resolves with it and the messages it receives. */
  async function applicantSocket(token: string) {
    const received: Record<string, unknown>[] = [];
    const socket = await t.app.injectWS(
      `/flow-api/${token}/video/socket`,
      {},
      {
        onInit: (ws) => ws.on("message", (data: Buffer) => received.push(JSON.parse(String(data)))),
      },
    );
    return { socket, received };
  }
  async function agentSocket(who: TestOperator, callId: string, origin = "http://localhost:80") {
    const received: Record<string, unknown>[] = [];
    const socket = await t.app.injectWS(
      `/console/api/tenants/${tenant.tenant_id}/video-calls/${callId}/socket`,
      { headers: { ...who.headers, origin, host: "localhost:80" } },
      { onInit: (ws) => ws.on("message", (data: Buffer) => received.push(JSON.parse(String(data)))) },
    );
    return { socket, received };
  }
  const until = async (check: () => boolean | Promise<boolean>) => {
    for (let i = 0; i < 200; i++) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    assert.fail("condition not reached");
  };

  test("queue, take, answer, screenshots, recording and a pass verdict approve the session", async () => {
    const { session, callId, config } = await queued();
    assert.equal(config.status, "waiting");
    assert.ok(config.position >= 1);
    assert.equal(config.expected_wait_seconds, config.position * 180, "3 minutes a call before any ended");
    assert.deepEqual(config.ice_servers, []);
    assert.equal((await read(session.id)).status, "awaiting_user");
    const waiting = (await read(session.id)).decision_v3.video_calls;
    assert.equal(waiting.length, 1);
    assert.equal(waiting[0].status, "waiting");
    assert.equal(waiting[0].recording_status, null, "no recording before the call is live");

    const queue = await t.app.inject({ url: "/console/api/video-calls", headers: agent.headers });
    assert.ok(queue.json().some((row: { id: string }) => row.id === callId));

    const applicant = await applicantSocket(session.token);
    assert.equal((await consoleCall(agent, "POST", `${callId}/take`)).statusCode, 200);
    const taken = await consoleCall(rival, "POST", `${callId}/take`);
    assert.equal(taken.statusCode, 409, "a call is taken once");
    await until(() => applicant.received.some((m) => m.type === "status" && m.status === "ringing"));

    const agentSide = await agentSocket(agent, callId);
    applicant.socket.send(JSON.stringify({ type: "answer" }));
    await until(() => agentSide.received.some((m) => m.type === "status" && m.status === "active"));
    // Offers, answers and candidates pass through untouched to the other party only.
    agentSide.socket.send(JSON.stringify({ type: "signal", data: { sdp: { type: "offer", sdp: "v=0" } } }));
    await until(() => applicant.received.some((m) => m.type === "signal"));
    assert.deepEqual(applicant.received.find((m) => m.type === "signal")?.data, {
      sdp: { type: "offer", sdp: "v=0" },
    });

    for (const label of ["document_front", "document_back", "face"]) {
      const shot = await consoleCall(agent, "POST", `${callId}/screenshots`, {
        label,
        image: `data:image/jpeg;base64,${face.toString("base64")}`,
      });
      assert.equal(shot.statusCode, 200, shot.body);
    }
    const clip = await clipFromStills([face, readFileSync(`${FACES}img2.jpg`)], 0.5);
    assert.ok(clip, "ffmpeg makes the WebM");
    const slices = [clip.subarray(0, 1000), clip.subarray(1000, 5000), clip.subarray(5000)];
    for (const index of [2, 0]) {
      const put = await t.app.inject({
        method: "PUT",
        url: `/console/api/tenants/${tenant.tenant_id}/video-calls/${callId}/recording/chunks/${index}`,
        headers: { ...agent.headers, "content-type": "video/webm" },
        payload: slices[index],
      });
      assert.equal(put.statusCode, 200, put.body);
    }
    const ended = await consoleCall(agent, "POST", `${callId}/end`, {
      verdict: "pass",
      notes: "Agent note: checked the hologram",
    });
    assert.equal(ended.statusCode, 200, ended.body);
    await until(() => applicant.received.some((m) => m.type === "status" && m.status === "completed"));
    const finished = await consoleCall(agent, "POST", `${callId}/recording/finish`, { chunks: 3 });
    assert.equal(finished.json().recording_status, "pending", "slice 1 has not arrived");
    const last = await t.app.inject({
      method: "PUT",
      url: `/console/api/tenants/${tenant.tenant_id}/video-calls/${callId}/recording/chunks/1`,
      headers: { ...agent.headers, "content-type": "video/webm" },
      payload: slices[1],
    });
    assert.equal(last.statusCode, 200, last.body);

    const afterCall = await state(session.token);
    assert.equal(afterCall.status, "in_progress");
    assert.equal(afterCall.ready_to_finish, true);
    const done = await t.app.inject({ method: "POST", url: `/flow-api/${session.token}/finish` });
    assert.equal(done.statusCode, 200, done.body);
    const decided = await read(session.id);
    assert.equal(decided.status, "approved");
    const [entry] = decided.decision_v3.video_calls;
    assert.deepEqual(Object.keys(entry).sort(), ENTRY_KEYS, "exactly the spec's fields");
    assert.equal(entry.id, callId);
    assert.equal(entry.status, "completed");
    assert.equal(entry.verdict, "pass");
    assert.equal(entry.verdict_reason, "completed");
    assert.equal(typeof entry.duration_s, "number");
    assert.ok(entry.completed_at);
    assert.equal(entry.recording_status, "ready");
    assert.deepEqual(
      entry.screenshots.map((s: { label: string }) => s.label),
      ["document_front", "document_back", "face"],
    );
    const body = JSON.stringify(decided);
    assert.ok(!body.includes("hologram") && !body.includes(agent.email) && !body.includes(agent.operatorId));

    const path = new URL(entry.recording_url).pathname;
    const media = await t.app.inject({ url: path, headers: tenant.headers });
    assert.equal(media.statusCode, 200);
    assert.equal(media.headers["content-type"], "video/webm");
    // Joined in index order and remuxed (-c copy) so it carries its duration: the same clip as uploaded.
    assert.ok(media.rawPayload.subarray(0, 4).equals(clip.subarray(0, 4)), "a WebM file");
    assert.equal(await probeFrames(media.rawPayload), await probeFrames(clip));
    assert.equal((await t.app.inject({ url: path, headers: other.headers })).statusCode, 404);
    const still = await t.app.inject({
      url: new URL(entry.screenshots[2].url).pathname,
      headers: tenant.headers,
    });
    assert.equal(still.statusCode, 200);
    applicant.socket.terminate();
    agentSide.socket.terminate();
  });

  test("a fail verdict declines the node, or holds it when on_fail is in_review", async () => {
    for (const [workflowId, expected] of [
      [workflow, "declined"],
      [reviewWorkflow, "in_review"],
    ] as const) {
      const { session, callId } = await queued(workflowId);
      await consoleCall(agent, "POST", `${callId}/take`);
      const applicant = await applicantSocket(session.token);
      applicant.socket.send(JSON.stringify({ type: "answer" }));
      await until(async () => (await consoleCall(agent, "GET", callId)).json().status === "active");
      const ended = await consoleCall(agent, "POST", `${callId}/end`, {
        verdict: "fail",
        reason: "face_mismatch",
      });
      assert.equal(ended.statusCode, 200, ended.body);
      await t.app.inject({ method: "POST", url: `/flow-api/${session.token}/finish` });
      const decided = await read(session.id);
      assert.equal(decided.status, expected);
      assert.equal(decided.decision_v3.video_calls[0].verdict_reason, "face_mismatch");
      applicant.socket.terminate();
    }
  });

  test("an applicant who leaves abandons the call and may queue again", async () => {
    const { session, callId } = await queued();
    const left = await step(session.token, "leave");
    assert.equal(left.statusCode, 200, left.body);
    assert.equal(left.json().status, "in_progress");
    assert.equal(left.json().current_step.config.status, "ended");
    const [entry] = (await read(session.id)).decision_v3.video_calls;
    assert.equal(entry.status, "abandoned");
    assert.equal(entry.verdict, null);
    assert.equal(entry.verdict_reason, "applicant_left");
    assert.equal((await consoleCall(agent, "POST", `${callId}/take`)).statusCode, 409);
    const again = await step(session.token, "join");
    assert.notEqual(again.json().current_step.config.call_id, callId);
    assert.equal((await read(session.id)).decision_v3.video_calls.length, 2);
  });

  test("an open call whose applicant is not seen for the presence timeout is abandoned by the sweep", async () => {
    const { session, callId } = await queued();
    await consoleCall(agent, "POST", `${callId}/take`);
    assert.deepEqual(await abandonLostCalls(t.services), [], "seen just now");
    await t.services.db
      .updateTable("video_calls")
      .set({ applicant_seen_at: sql`now() - interval '31 seconds'` })
      .where("id", "=", callId)
      .execute();
    assert.deepEqual(await abandonLostCalls(t.services), [callId]);
    const read1 = await read(session.id);
    assert.equal(read1.status, "in_progress");
    assert.equal(read1.decision_v3.video_calls[0].verdict_reason, "applicant_lost");
  });

  test("a recording not complete within the timeout after the call is failed, with no URL", async () => {
    const { session, callId } = await queued();
    await consoleCall(agent, "POST", `${callId}/take`);
    const applicant = await applicantSocket(session.token);
    applicant.socket.send(JSON.stringify({ type: "answer" }));
    await until(async () => (await consoleCall(agent, "GET", callId)).json().status === "active");
    await consoleCall(agent, "POST", `${callId}/end`, { verdict: "pass" });
    await t.services.db
      .updateTable("video_calls")
      .set({ ended_at: sql`now() - interval '301 seconds'` })
      .where("id", "=", callId)
      .execute();
    assert.equal(await failStaleRecordings(t.services), 1);
    const [entry] = (await read(session.id)).decision_v3.video_calls;
    assert.equal(entry.recording_status, "failed");
    assert.equal(entry.recording_url, null);
    applicant.socket.terminate();
  });

  test("sockets: a wrong token, another agent, a foreign origin and another tenant are refused", async () => {
    const { callId } = await queued();
    await assert.rejects(t.app.injectWS("/flow-api/not-a-real-token-aaaaaaaaaa/video/socket"));
    await consoleCall(agent, "POST", `${callId}/take`);
    await assert.rejects(agentSocket(rival, callId), "taken by another operator");
    await assert.rejects(agentSocket(agent, callId, "https://evil.example"), "cross-origin");
    await assert.rejects(
      t.app.injectWS(`/console/api/tenants/${other.tenant_id}/video-calls/${callId}/socket`, {
        headers: { ...agent.headers, origin: "http://localhost:80", host: "localhost:80" },
      }),
      "another tenant's path",
    );
    const wrongTenant = await t.app.inject({
      method: "POST",
      url: `/console/api/tenants/${other.tenant_id}/video-calls/${callId}/end`,
      headers: agent.headers,
      payload: { verdict: "pass" },
    });
    assert.equal(wrongTenant.statusCode, 404);
  });

  test("only the agent who took the call screenshots, uploads and ends it", async () => {
    const { session, callId } = await queued();
    await consoleCall(agent, "POST", `${callId}/take`);
    const applicant = await applicantSocket(session.token);
    applicant.socket.send(JSON.stringify({ type: "answer" }));
    await until(async () => (await consoleCall(agent, "GET", callId)).json().status === "active");
    const image = `data:image/jpeg;base64,${face.toString("base64")}`;
    const refusals = [
      await consoleCall(rival, "POST", `${callId}/screenshots`, { label: "face", image }),
      await consoleCall(rival, "POST", `${callId}/end`, { verdict: "pass" }),
      await t.app.inject({
        method: "PUT",
        url: `/console/api/tenants/${tenant.tenant_id}/video-calls/${callId}/recording/chunks/0`,
        headers: { ...rival.headers, "content-type": "video/webm" },
        payload: Buffer.from([0x1a, 0x45, 0xdf, 0xa3]),
      }),
    ];
    for (const refused of refusals) {
      assert.equal(refused.statusCode, 403, refused.body);
      assert.equal(refused.json().detail, "not_your_call");
    }
    assert.equal((await consoleCall(agent, "GET", callId)).json().status, "active");
    applicant.socket.terminate();
  });

  test("the place in the queue counts earlier waiting calls; the wait follows recent calls' length", async () => {
    const first = await queued();
    const second = await queued();
    assert.equal(second.config.position, first.config.position + 1);
    const mean = await meanCallSeconds(t.services.db);
    assert.equal(second.config.expected_wait_seconds, Math.round(second.config.position * mean));
    await consoleCall(agent, "POST", `${first.callId}/take`);
    const moved = (await state(second.session.token)).current_step.config;
    assert.equal(moved.position, second.config.position - 1, "a taken call leaves the queue");
  });

  test("a call whose session lapsed while waiting cannot be taken: it is abandoned", async () => {
    const { session, callId } = await queued();
    await t.services.db
      .updateTable("sessions")
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where("id", "=", session.id)
      .execute();
    await expireLapsedSessions(t.services);
    const taken = await consoleCall(agent, "POST", `${callId}/take`);
    assert.equal(taken.statusCode, 409, taken.body);
    assert.equal(taken.json().detail, "session_closed");
    const read1 = await read(session.id);
    assert.equal(read1.status, "abandoned");
    assert.equal(read1.decision_v3.video_calls[0].status, "abandoned");
    assert.equal(read1.decision_v3.video_calls[0].verdict_reason, "session_closed");
  });

  test("a recording whose slices are not WebM is failed", async () => {
    const { session, callId } = await queued();
    await consoleCall(agent, "POST", `${callId}/take`);
    const applicant = await applicantSocket(session.token);
    applicant.socket.send(JSON.stringify({ type: "answer" }));
    await until(async () => (await consoleCall(agent, "GET", callId)).json().status === "active");
    const put = await t.app.inject({
      method: "PUT",
      url: `/console/api/tenants/${tenant.tenant_id}/video-calls/${callId}/recording/chunks/0`,
      headers: { ...agent.headers, "content-type": "video/webm" },
      payload: face,
    });
    assert.equal(put.statusCode, 200, put.body);
    await consoleCall(agent, "POST", `${callId}/end`, { verdict: "pass" });
    const finished = await consoleCall(agent, "POST", `${callId}/recording/finish`, { chunks: 1 });
    assert.equal(finished.json().recording_status, "failed");
    const [entry] = (await read(session.id)).decision_v3.video_calls;
    assert.equal(entry.recording_status, "failed");
    assert.equal(entry.recording_url, null);
    const left = await t.services.db
      .selectFrom("video_call_chunks")
      .select("idx")
      .where("call_id", "=", callId)
      .execute();
    assert.deepEqual(left, [], "slices are deleted");
    applicant.socket.terminate();
  });

  test("signals of one call never reach another call's sockets", async () => {
    const a = await queued();
    const b = await queued();
    await consoleCall(agent, "POST", `${a.callId}/take`);
    await consoleCall(agent, "POST", `${b.callId}/take`);
    const applicantA = await applicantSocket(a.session.token);
    const applicantB = await applicantSocket(b.session.token);
    const agentA = await agentSocket(agent, a.callId);
    const agentB = await agentSocket(agent, b.callId);
    applicantA.socket.send(JSON.stringify({ type: "signal", data: { candidate: "for-a" } }));
    await until(() => agentA.received.some((m) => m.type === "signal"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.ok(!agentB.received.some((m) => m.type === "signal"));
    assert.ok(!applicantB.received.some((m) => m.type === "signal"));
    for (const side of [applicantA, applicantB, agentA, agentB]) side.socket.terminate();
  });
});
