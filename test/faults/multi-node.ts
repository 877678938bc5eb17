// Multi-node run (issue 18): two `kyc serve` API nodes and one `kyc worker` as separate processes against one
// PostgreSQL (a schema of its own, dropped after), Redis (rate limits) and an S3-compatible media store
// (s3rver, in this process). Traffic is spread over both nodes: each session is created on one node and
// completed on the other, its evidence is read through both, the worker delivers each webhook once, the
// rate limit is shared, an AML list load is seen by both nodes, and node A is killed with SIGKILL while
// creates and finishes are in flight — nothing it acknowledged is lost and every decision still lands. A
// video call puts the applicant on one node and the agent on the other (multi-node-video.ts).
// Run: DATABASE_URL=postgres://… REDIS_URL=redis://… node --import tsx test/faults/multi-node.ts
// (.ci/run runs it as its own step under `timeout`; defaults: 127.0.0.1:5432/test and 127.0.0.1:6379).
import assert from "node:assert/strict";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { Redis } from "ioredis";
import pg from "pg";
import sharp from "sharp";
import {
  exitWithin,
  type KycServer,
  runKyc,
  startKycServer,
  startKycWorker,
} from "../support/kyc-process.js";
import { startS3Server, type TestS3Server } from "../support/s3-server.js";
import { videoCallAcrossNodes } from "./multi-node-video.js";

const OVERALL_MS = Number(process.env.MULTI_NODE_TIMEOUT_S ?? 280) * 1000;
const PHASE_ONE_SESSIONS = 6;
const CREATES_AT_KILL = 8;
const FINISHES_AT_KILL = 4;
const CREATE_LIMIT = 40; // RATE_LIMIT_KYC_V3_SESSION_CREATE on both nodes
const CREATES_PER_NODE = 30; // the rate-limit probe: 60 creates in one minute, 40 allowed in all
const DECISION_RECOVERY_MS = 75_000; // a dead node's decision lease (30 s) lapses, a worker or a retry runs it

const overall = setTimeout(() => {
  console.error(`multi-node run exceeded ${OVERALL_MS / 1000} s`);
  void cleanUp().finally(() => process.exit(1));
}, OVERALL_MS);
overall.unref();

const databaseUrl = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
const redisUrl = process.env.REDIS_URL || "redis://127.0.0.1:6379";
const schema = `multinode_${randomBytes(6).toString("hex")}`;
const dirs: string[] = [];
const tempDir = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `kyc-multinode-${name}-`));
  dirs.push(dir);
  return dir;
};
const started = Date.now();
const log = (message: string) =>
  console.log(`[multi-node ${((Date.now() - started) / 1000).toFixed(1)} s] ${message}`);

// The webhook receiver: answers 200 at once and counts every delivery by X-Webhook-Id.
const deliveries = new Map<string, { count: number; body: Record<string, unknown> }>();
const receiver = createServer((request: IncomingMessage, response: ServerResponse) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const id = String(request.headers["x-webhook-id"]);
    const seen = deliveries.get(id);
    if (seen) seen.count += 1;
    else deliveries.set(id, { count: 1, body: JSON.parse(Buffer.concat(chunks).toString()) });
    response.end("ok");
  });
});

let s3: TestS3Server | undefined;
let nodeA: KycServer | undefined;
let nodeB: KycServer | undefined;
let worker: ReturnType<typeof startKycWorker> | undefined;

async function main(): Promise<void> {
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  s3 = await startS3Server();
  const shared = {
    DATABASE_URL: databaseUrl,
    DATABASE_SCHEMA: schema,
    REDIS_URL: redisUrl,
    ...s3.env(`multinode/${schema}`),
    // Every API node derives the same session URL tokens (README: Configuration).
    SESSION_TOKEN_KEY: randomBytes(32).toString("hex"),
    ALLOW_PRIVATE_TARGETS: "true",
    JOB_POLL_MS: "200",
    AML_RELOAD_CHECK_MS: "1000",
    RATE_LIMIT_KYC_V3_SESSION_CREATE: String(CREATE_LIMIT),
  };
  const cliEnv = { ...shared, DATA_DIR: tempDir("cli") };
  // Migrate once first: the three processes then start against an up-to-date schema.
  const migrated = await runKyc(["migrate"], cliEnv);
  assert.equal(migrated.code, 0, migrated.stderr);
  [nodeA, nodeB] = await Promise.all([
    startKycServer({ ...shared, DATA_DIR: tempDir("a") }, undefined, "serve"),
    startKycServer({ ...shared, DATA_DIR: tempDir("b") }, undefined, "serve"),
  ]);
  worker = startKycWorker({ ...shared, DATA_DIR: tempDir("worker") });
  log(
    `API nodes at ${nodeA.url} and ${nodeB.url}, one worker, media in s3://${s3.bucket}/multinode/${schema}`,
  );

  const kyc = async (...args: string[]) => {
    const result = await runKyc([...args, "--json"], cliEnv);
    assert.equal(result.code, 0, `kyc ${args.join(" ")}: ${result.stderr}`);
    return JSON.parse(result.stdout) as Record<string, unknown>;
  };
  const created = await kyc("tenant", "create", "--name", "Nodes", "--credits", "1000", "--features", "all");
  const tenantId = String(created.tenant_id);
  const headers = { "x-api-key": String(created.api_key), "content-type": "application/json" };
  const workflowFile = join(cliEnv.DATA_DIR, "proof.json");
  writeFileSync(
    workflowFile,
    JSON.stringify({
      name: "Proof of address",
      status: "live",
      nodes: [
        {
          id: "proof",
          feature: "QUESTIONNAIRE",
          config: {
            questions: [
              { id: "job", label: "Job", type: "text" },
              { id: "bill", label: "Utility bill", type: "file" },
            ],
          },
        },
      ],
    }),
  );
  await kyc("workflow", "create", tenantId, "--file", workflowFile, "--default");
  await kyc("webhook", "set", tenantId, receiverUrl);
  const bill = await sharp({ create: { width: 320, height: 200, channels: 3, background: "#3a6ea5" } })
    .png()
    .toBuffer();

  const api = (node: KycServer, path: string, init: RequestInit = {}) =>
    fetch(`${node.url}${path}`, { ...init, headers: { ...headers, ...(init.headers ?? {}) } });
  const createOn = async (node: KycServer, key: string) => {
    const response = await api(node, "/v3/session/", {
      method: "POST",
      headers: { "idempotency-key": key },
      body: JSON.stringify({ vendor_data: key }),
    });
    assert.ok(
      [200, 201].includes(response.status),
      `create ${key}: ${response.status} ${await response.clone().text()}`,
    );
    const body = (await response.json()) as { id: string; url: string };
    return { id: body.id, token: body.url.split("/verify/")[1]! };
  };
  const answerOn = async (node: KycServer, token: string) => {
    assert.equal((await fetch(`${node.url}/flow-api/${token}/state`)).status, 200);
    const step = await fetch(`${node.url}/flow-api/${token}/steps/proof`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ answers: { job: "Teacher", bill: bill.toString("base64") } }),
    });
    assert.equal(step.status, 200, await step.text());
  };
  const finishOn = (node: KycServer, token: string) =>
    fetch(`${node.url}/flow-api/${token}/finish`, { method: "POST" });
  const readOn = async (node: KycServer, id: string) => {
    const response = await api(node, `/v3/session/${id}/`);
    assert.equal(response.status, 200, `read ${id} on ${node.url}: ${response.status}`);
    return (await response.json()) as {
      status: string;
      decision_v3: {
        questionnaire_responses: { data: { questions: { answer_file_url: string | null }[] } }[];
      };
    };
  };

  // 1. The AML list: no node can screen before a load; a load through the CLI reaches both, and so does a
  //    second load (the reload), each node rebuilding its own index from PostgreSQL.
  const screen = (node: KycServer, name: string) =>
    api(node, "/v3/tools/aml-check/", { method: "POST", body: JSON.stringify({ full_name: name }) });
  for (const node of [nodeA, nodeB]) assert.equal((await screen(node, "Zorvath Quillibrand")).status, 503);
  const listed = async (node: KycServer, name: string) => {
    const response = await screen(node, name);
    if (response.status !== 200) return false;
    const result = (await response.json()) as { matches: { name: string }[] };
    return result.matches.some((match) => match.name === name);
  };
  for (const [file, name] of [
    ["first.ftm.json", "Zorvath Quillibrand"],
    ["reload.ftm.json", "Velmira Droskovane"],
  ] as const) {
    const path = join(cliEnv.DATA_DIR, file);
    writeFileSync(path, `${JSON.stringify(ftmPerson(name))}\n`);
    await kyc("aml", "load", path);
    const loadedAt = Date.now();
    await waitFor(`both nodes to screen against ${file}`, 30_000, async () =>
      (await Promise.all([listed(nodeA!, name), listed(nodeB!, name)])).every(Boolean),
    );
    log(
      `AML list ${file} seen by both nodes ${((Date.now() - loadedAt) / 1000).toFixed(1)} s after kyc aml load returned`,
    );
  }

  // 2. Sessions created on one node, answered and finished on the other; evidence read through both.
  const nodes = [nodeA, nodeB];
  const decided: string[] = [];
  for (let i = 0; i < PHASE_ONE_SESSIONS; i++) {
    const [creator, completer] = [nodes[i % 2]!, nodes[(i + 1) % 2]!];
    const session = await createOn(creator, `phase1-${i}`);
    await answerOn(completer, session.token);
    const finished = await finishOn(completer, session.token);
    assert.equal(finished.status, 200, await finished.clone().text());
    assert.equal(((await finished.json()) as { status: string }).status, "approved");
    decided.push(session.id);
    for (const reader of nodes) {
      const read = await readOn(reader, session.id);
      assert.equal(read.status, "approved");
      const url = read.decision_v3.questionnaire_responses[0]!.data.questions[1]!.answer_file_url;
      assert.ok(url, "the file answer has a media URL");
      for (const mediaNode of nodes) {
        const media = await api(mediaNode, new URL(url).pathname, { redirect: "manual" });
        assert.equal(media.status, 200, `media on ${mediaNode.url}`);
        assert.deepEqual(Buffer.from(await media.arrayBuffer()), bill, "the same bytes from either node");
      }
    }
  }
  log(
    `${PHASE_ONE_SESSIONS} sessions created on one node and decided on the other; evidence read through both`,
  );

  // 2b. A video call with the applicant on A and the agent on B: signalling crosses the processes.
  const videoWorkflowFile = join(cliEnv.DATA_DIR, "video.json");
  writeFileSync(
    videoWorkflowFile,
    JSON.stringify({
      name: "Video call",
      status: "live",
      nodes: [{ id: "call", feature: "VIDEO_CALL", config: {} }],
    }),
  );
  const videoWorkflow = await kyc("workflow", "create", tenantId, "--file", videoWorkflowFile);
  await videoCallAcrossNodes({
    applicantNode: nodeA,
    agentNode: nodeB,
    tenantId,
    headers,
    workflowId: String(videoWorkflow.id),
    databaseUrl,
    schema,
    image: await sharp({ create: { width: 64, height: 64, channels: 3, background: "#c08060" } })
      .jpeg()
      .toBuffer(),
  });
  log("a video call with the applicant on node A and the agent on node B: signalled, ended, approved");

  // 3. The rate limit is one budget across nodes: 60 creates of one tenant split over A and B within a
  //    minute get exactly 40 through (per-node counters would let all 60 through).
  //    A burst that straddles a minute boundary counts against two windows: it is discarded and repeated
  //    once, with a fresh tenant.
  let outcome: { allowed: number; refused: number; total: number; tenantId: string } | null = null;
  for (let attempt = 1; attempt <= 2 && !outcome; attempt++) {
    const probe = await kyc("tenant", "create", "--name", `Probe ${attempt}`, "--credits", "1000");
    const probeHeaders = { "x-api-key": String(probe.api_key), "content-type": "application/json" };
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 45_000) await sleep(60_000 - intoMinute + 200);
    const window = Math.floor(Date.now() / 60_000);
    const burst = await Promise.all(
      nodes.flatMap((node) =>
        Array.from({ length: CREATES_PER_NODE }, () =>
          fetch(`${node.url}/v3/session/`, { method: "POST", headers: probeHeaders, body: "{}" }).then(
            (response) => response.status,
          ),
        ),
      ),
    );
    if (Math.floor(Date.now() / 60_000) !== window) {
      log("the rate-limit burst crossed a minute boundary; repeating it");
      continue;
    }
    outcome = {
      allowed: burst.filter((status) => status === 201).length,
      refused: burst.filter((status) => status === 429).length,
      total: burst.length,
      tenantId: String(probe.tenant_id),
    };
  }
  assert.ok(outcome, "a burst inside one minute");
  assert.equal(outcome.allowed, CREATE_LIMIT, `creates allowed across both nodes: ${outcome.allowed}`);
  assert.equal(outcome.refused, 2 * CREATES_PER_NODE - CREATE_LIMIT);
  const redis = new Redis(redisUrl);
  const redisKeys = await redis.keys(`*${outcome.tenantId}*`);
  await redis.quit();
  assert.ok(redisKeys.length > 0, "the counters live in Redis");
  log(
    `rate limit shared: ${outcome.allowed} of ${outcome.total} creates allowed across both nodes (limit ${CREATE_LIMIT})`,
  );

  // 4. Kill node A with SIGKILL while it creates sessions and decides others (created on B, answered on A).
  const toFinish: { id: string; token: string }[] = [];
  for (let i = 0; i < FINISHES_AT_KILL; i++) {
    const session = await createOn(nodeB, `kill-finish-${i}`);
    await answerOn(nodeA, session.token);
    toFinish.push(session);
  }
  const keys = Array.from({ length: CREATES_AT_KILL }, (_, i) => `kill-create-${i}-${randomUUID()}`);
  const acknowledged = new Map<string, { id: string; token: string }>();
  let killed = false;
  const kill = () => {
    if (killed) return;
    killed = true;
    nodeA!.child.kill("SIGKILL");
  };
  const inFlight = [
    ...keys.map((key) =>
      api(nodeA!, "/v3/session/", {
        method: "POST",
        headers: { "idempotency-key": key },
        body: JSON.stringify({ vendor_data: key }),
      }).then(
        async (response) => {
          if (response.status === 201) {
            const body = (await response.json()) as { id: string; url: string };
            acknowledged.set(key, { id: body.id, token: body.url.split("/verify/")[1]! });
          }
          kill();
        },
        () => {},
      ),
    ),
    ...toFinish.map((session) => finishOn(nodeA!, session.token).then(kill, () => {})),
  ];
  await Promise.race([Promise.all(inFlight), sleep(20_000)]);
  kill();
  assert.ok(await exitWithin(nodeA.child, 10_000), "node A is gone");
  await Promise.all(inFlight);
  const killedAt = Date.now();
  log(`node A killed with ${acknowledged.size}/${CREATES_AT_KILL} creates acknowledged; node B carries on`);

  // Nothing A acknowledged is lost: B reads it, and a retried create (same Idempotency-Key) is the same
  // session. The creates A never answered are retried on B, as a client would.
  const killPhase: { id: string; token: string }[] = [];
  for (const key of keys) {
    const again = await createOn(nodeB, key);
    const before = acknowledged.get(key);
    if (before) {
      assert.equal(again.id, before.id, "the retried create answers the acknowledged session");
      await readOn(nodeB, before.id);
    }
    killPhase.push(again);
  }
  // Sessions created on A are completed on B.
  for (const session of killPhase) {
    await answerOn(nodeB, session.token);
    const finished = await finishOn(nodeB, session.token);
    assert.equal(finished.status, 200, await finished.clone().text());
    decided.push(session.id);
  }
  // The finishes A was running are decided: by the worker once A's lease lapses, or by a retry on B.
  await waitFor("the finishes node A was running to be decided", DECISION_RECOVERY_MS, async () => {
    let all = true;
    for (const session of toFinish) {
      const { status } = await readOn(nodeB!, session.id);
      if (status !== "in_progress") {
        assert.equal(status, "approved");
        continue;
      }
      all = false;
      const retried = await finishOn(nodeB!, session.token);
      assert.ok(
        [200, 409].includes(retried.status),
        `finish retry: ${retried.status} ${await retried.text()}`,
      );
    }
    return all;
  });
  decided.push(...toFinish.map((session) => session.id));
  log(`after the kill: every session decided within ${((Date.now() - killedAt) / 1000).toFixed(1)} s`);

  // 5. Webhooks: the worker delivers one event per decision, each exactly once.
  const sessionsWithWebhook = () =>
    new Set([...deliveries.values()].map((entry) => String(entry.body.session_id)));
  await waitFor("a webhook for every decision", 60_000, async () =>
    decided.every((id) => sessionsWithWebhook().has(id)),
  );
  await sleep(3_000); // a duplicate would arrive within the worker's next polls
  const duplicates = [...deliveries.entries()].filter(([, entry]) => entry.count !== 1);
  assert.deepEqual(duplicates, [], "every webhook delivered exactly once");
  const perSession = new Map<string, number>();
  for (const entry of deliveries.values()) {
    const id = String(entry.body.session_id);
    perSession.set(id, (perSession.get(id) ?? 0) + 1);
  }
  for (const id of decided) assert.equal(perSession.get(id), 1, `one decision webhook for ${id}`);

  // 6. Charges: one SESSION_CREATE per session of the tenant, none twice.
  const ledger = (await (await api(nodeB, "/v3/credits/ledger/?page_size=500")).json()) as {
    results: { reason: string; session_id: string }[];
  };
  const charges = ledger.results.filter((row) => row.reason === "session_create");
  assert.equal(
    new Set(charges.map((row) => row.session_id)).size,
    charges.length,
    "no session charged twice",
  );
  assert.equal(charges.length, PHASE_ONE_SESSIONS + 1 + FINISHES_AT_KILL + CREATES_AT_KILL);
  log(
    `ok: ${decided.length} decisions, ${deliveries.size} webhooks each delivered once, ${charges.length} charges`,
  );
}

function ftmPerson(name: string) {
  return {
    id: `multinode-${name.toLowerCase().replace(/\W+/g, "-")}`,
    schema: "Person",
    properties: { name: [name], topics: ["sanction"], birthDate: ["1971-04-12"] },
    datasets: ["multinode_test"],
  };
}

async function waitFor(what: string, ms: number, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(250);
  }
}

async function cleanUp(): Promise<void> {
  for (const child of [nodeA?.child, nodeB?.child, worker?.child]) {
    if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  }
  await Promise.all(
    [nodeA?.child, nodeB?.child, worker?.child].map(async (child) => {
      if (child && !(await exitWithin(child, 12_000))) child.kill("SIGKILL");
    }),
  );
  receiver.closeAllConnections();
  receiver.close();
  await s3?.close().catch(() => {});
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await client.end();
}

main().then(
  async () => {
    await cleanUp();
    log("done");
    process.exit(0);
  },
  async (error: unknown) => {
    console.error(error);
    for (const [name, process_] of [
      ["node A", nodeA],
      ["node B", nodeB],
      ["worker", worker],
    ] as const) {
      if (process_) console.error(`${name} output:\n${process_.output()}`);
    }
    await cleanUp().catch((cleanupError: unknown) => console.error(cleanupError));
    process.exit(1);
  },
);
