// The multi-node run's video call (issue 18): the applicant is connected to one API node and the agent to
// the other, as a load balancer may place them. Signalling crosses processes over PostgreSQL NOTIFY
// (verify/video/signal-relay.ts): ringing, the applicant's answer, an SDP offer of real size and the answer
// back; a screenshot taken through the agent's node is read through the applicant's; the verdict given on
// one node lets the session finish on the other, and both nodes show the same call.
import assert from "node:assert/strict";
import { setTimeout as sleep } from "node:timers/promises";
import { createOperator } from "../../src/console/operators.js";
import { openDatabase } from "../../src/platform/db/database.js";
import { sdpOffer } from "../support/sdp-offer.js";

interface Node {
  url: string;
}

export interface VideoCallContext {
  applicantNode: Node;
  agentNode: Node;
  tenantId: string;
  /** Headers with the tenant's API key. */
  headers: Record<string, string>;
  workflowId: string;
  databaseUrl: string;
  schema: string;
  image: Buffer;
}

type Message = { type: string; status?: string; data?: unknown };

/** A WebSocket that keeps what it receives; resolves once open. */
async function openSocket(url: string, headers: Record<string, string> = {}) {
  const received: Message[] = [];
  const socket = new WebSocket(url, { headers } as unknown as string[]);
  socket.addEventListener("message", (event) => received.push(JSON.parse(String(event.data)) as Message));
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener("open", () => resolve(), { once: true });
    socket.addEventListener("error", () => reject(new Error(`socket ${url} failed`)), { once: true });
  });
  return { socket, received };
}

async function until(what: string, check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await sleep(50);
  assert.ok(check(), `timed out waiting for ${what}`);
}

export async function videoCallAcrossNodes(context: VideoCallContext): Promise<string> {
  const { applicantNode, agentNode, tenantId, headers } = context;
  const email = `agent-${Date.now()}@example.com`;
  const password = "multi-node agent password";
  const database = await openDatabase({ databaseUrl: context.databaseUrl, schema: context.schema });
  try {
    await createOperator(database.db, { email, password, role: "reviewer" });
  } finally {
    await database.close();
  }

  // The applicant: a session created and joined on the applicant's node.
  const created = await fetch(`${applicantNode.url}/v3/session/`, {
    method: "POST",
    headers,
    body: JSON.stringify({ workflow_id: context.workflowId, vendor_data: "multi-node-video" }),
  });
  assert.equal(created.status, 201, await created.clone().text());
  const session = (await created.json()) as { id: string; url: string };
  const token = session.url.split("/verify/")[1]!;
  assert.equal((await fetch(`${applicantNode.url}/flow-api/${token}/state`)).status, 200);
  const joined = await fetch(`${applicantNode.url}/flow-api/${token}/steps/call`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ action: "join" }),
  });
  assert.equal(joined.status, 200, await joined.clone().text());
  const callId = ((await joined.json()) as { current_step: { config: { call_id: string } } }).current_step
    .config.call_id;
  const ws = (node: Node) => node.url.replace(/^http/, "ws");
  const applicant = await openSocket(`${ws(applicantNode)}/flow-api/${token}/video/socket`);

  // The agent: logged in, takes the call and opens its socket on the other node.
  const login = await fetch(`${agentNode.url}/console/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  assert.equal(login.status, 200, await login.clone().text());
  const agentHeaders = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const callUrl = `${agentNode.url}/console/api/tenants/${tenantId}/video-calls/${callId}`;
  const consoleCall = (path: string, body: unknown) =>
    fetch(`${callUrl}/${path}`, {
      method: "POST",
      headers: { ...agentHeaders, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const taken = await consoleCall("take", {});
  assert.equal(taken.status, 200, await taken.clone().text());
  await until("the applicant's node to hear the call ringing", () =>
    applicant.received.some((message) => message.type === "status" && message.status === "ringing"),
  );
  const agent = await openSocket(
    `${ws(agentNode)}/console/api/tenants/${tenantId}/video-calls/${callId}/socket`,
    {
      ...agentHeaders,
      origin: agentNode.url,
    },
  );

  applicant.socket.send(JSON.stringify({ type: "answer" }));
  await until("the agent's node to hear the answer", () =>
    agent.received.some((message) => message.type === "status" && message.status === "active"),
  );
  const offer = { sdp: { type: "offer", sdp: sdpOffer() } };
  agent.socket.send(JSON.stringify({ type: "signal", data: offer }));
  await until("the offer to reach the applicant's node", () =>
    applicant.received.some((message) => message.type === "signal"),
  );
  assert.deepEqual(applicant.received.find((message) => message.type === "signal")?.data, offer);
  const answer = { sdp: { type: "answer", sdp: "v=0\r\no=- 1 2 IN IP4 127.0.0.1" } };
  applicant.socket.send(JSON.stringify({ type: "signal", data: answer }));
  await until("the answer to reach the agent's node", () =>
    agent.received.some((message) => message.type === "signal"),
  );
  assert.deepEqual(agent.received.find((message) => message.type === "signal")?.data, answer);

  const shot = await consoleCall("screenshots", {
    label: "face",
    image: `data:image/jpeg;base64,${context.image.toString("base64")}`,
  });
  assert.equal(shot.status, 200, await shot.clone().text());
  const ended = await consoleCall("end", { verdict: "pass" });
  assert.equal(ended.status, 200, await ended.clone().text());
  await until("the applicant's node to hear the call completed", () =>
    applicant.received.some((message) => message.type === "status" && message.status === "completed"),
  );
  applicant.socket.close();
  agent.socket.close();

  const finished = await fetch(`${applicantNode.url}/flow-api/${token}/finish`, { method: "POST" });
  assert.equal(finished.status, 200, await finished.clone().text());
  for (const node of [applicantNode, agentNode]) {
    const read = (await (await fetch(`${node.url}/v3/session/${session.id}/`, { headers })).json()) as {
      status: string;
      decision_v3: { video_calls: { id: string; verdict: string; screenshots: { url: string }[] }[] };
    };
    assert.equal(read.status, "approved");
    const [call] = read.decision_v3.video_calls;
    assert.equal(call?.id, callId);
    assert.equal(call.verdict, "pass");
    const media = await fetch(`${node.url}${new URL(call.screenshots[0]!.url).pathname}`, { headers });
    assert.equal(media.status, 200, `the screenshot through ${node.url}`);
    assert.ok((await media.arrayBuffer()).byteLength > 0);
  }
  return session.id;
}
