// Fault run (issue 22): kill -9 a real `kyc start` while it is creating sessions, importing identities,
// deciding sessions (POST finish) and holding a webhook delivery open; restart it on the same data and
// check, within 60 s of the restart: every acknowledged session is there and charged once, a retried
// create is not charged again, no session or import batch is stuck, and the webhooks arrive.
// PGlite on a temp DATA_DIR by default; with DATABASE_URL, PostgreSQL in a schema of its own (dropped after).
// Run: node --import tsx test/faults/crash-recovery.ts   (.ci/run runs it as its own step, bounded)
import assert from "node:assert/strict";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { exitWithin, type KycServer, runKyc, startKycServer } from "../support/kyc-process.js";

const RECOVERY_MS = 60_000;
const OVERALL_MS = 8 * 60_000;
const SESSIONS_TO_FINISH = 6;
const CREATES_IN_FLIGHT = 12;
const IMPORT_ROWS = 4;
const FACES = new URL("../../../shared/data/faces/deepface/", import.meta.url);

const overall = setTimeout(() => {
  console.error(`fault run exceeded ${OVERALL_MS / 1000} s`);
  process.exit(1);
}, OVERALL_MS);
overall.unref();

const databaseUrl = process.env.DATABASE_URL || undefined;
const schema = databaseUrl ? `fault_${randomBytes(6).toString("hex")}` : undefined;
const dataDir = mkdtempSync(join(tmpdir(), "kyc-fault-"));
const env = {
  DATA_DIR: dataDir,
  ALLOW_PRIVATE_TARGETS: "true",
  IMPORT_ALLOW_HTTP: "true",
  JOB_POLL_MS: "200",
  ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema } : {}),
};
const log = (message: string) => console.log(`[fault ${databaseUrl ? "postgres" : "pglite"}] ${message}`);

// A webhook receiver that holds every delivery open until released (the server dies mid-delivery), then
// answers 200 and records what it got.
const delivered = new Map<string, Record<string, unknown>>();
let holding: ServerResponse[] = [];
let hold = true;
const receiver = createServer((request: IncomingMessage, response: ServerResponse) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    if (hold) {
      holding.push(response);
      return;
    }
    delivered.set(String(request.headers["x-webhook-id"]), JSON.parse(Buffer.concat(chunks).toString()));
    response.end("ok");
  });
});
// Photos for the import, by name.
const photos = createServer((request, response) => {
  const name = /^\/(img\d+\.jpg)$/.exec(request.url ?? "")?.[1];
  if (!name) return void response.writeHead(404).end();
  response.writeHead(200, { "content-type": "image/jpeg" }).end(readFileSync(new URL(name, FACES)));
});
const listen = async (server: typeof receiver) => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

let server: KycServer | undefined;

async function main(): Promise<void> {
  const receiverUrl = await listen(receiver);
  const photoBase = await listen(photos);
  server = await startKycServer(env);
  log(`server up at ${server.url}`);

  // Tenant, a questionnaire workflow as its default, the webhook target: through the CLI, as an operator would.
  const created = await kyc("tenant", "create", "--name", "Faults", "--credits", "1000", "--features", "all");
  const tenantId = String(created.tenant_id);
  const headers = { "x-api-key": String(created.api_key), "content-type": "application/json" };
  const workflowFile = join(dataDir, "questions.json");
  writeFileSync(
    workflowFile,
    JSON.stringify({
      name: "Questions",
      status: "live",
      nodes: [
        {
          id: "q",
          feature: "QUESTIONNAIRE",
          config: { questions: [{ id: "job", label: "Job", type: "text" }] },
        },
      ],
    }),
  );
  await kyc("workflow", "create", tenantId, "--file", workflowFile, "--default");
  await kyc("webhook", "set", tenantId, receiverUrl);

  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${server!.url}${path}`, { ...init, headers: { ...headers, ...(init.headers ?? {}) } });
  const createSession = async (key: string) => {
    const response = await api("/v3/session/", {
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

  // Sessions ready to finish: opened, their one step answered.
  const toFinish: { id: string; token: string }[] = [];
  for (let i = 0; i < SESSIONS_TO_FINISH; i++) {
    const session = await createSession(`finish-${i}`);
    await fetch(`${server.url}/flow-api/${session.token}/state`);
    const step: Response = await fetch(`${server.url}/flow-api/${session.token}/steps/q`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ answers: { job: "Teacher" } }),
    });
    assert.equal(step.status, 200, await step.text());
    toFinish.push(session);
  }

  // An import under way.
  const identities = Array.from({ length: IMPORT_ROWS }, (_, i) => ({
    external_user_id: `person-${i}`,
    photo_url: `${photoBase}/img${[1, 5, 10, 20, 30, 40][i % 6]}.jpg`,
  }));
  const batchResponse = await api("/v3/identities/import/", {
    method: "POST",
    body: JSON.stringify({ source_system: "faults", consent_reference: "c", identities }),
  });
  assert.equal(batchResponse.status, 202, await batchResponse.clone().text());
  const batchId = ((await batchResponse.json()) as { batch_id: string }).batch_id;
  await waitFor("the import to land its first row", 240_000, async () => (await batch()).processed >= 1);
  log("import under way");

  // A webhook in flight: one session decided, its delivery held open by the receiver.
  const first = toFinish.shift()!;
  assert.equal((await finish(first.token)).status, 200);
  await waitFor("a webhook delivery to be in flight", 30_000, async () => holding.length > 0);
  log("webhook in flight");

  // Session creates and finishes in flight; kill -9 as soon as the first answer comes back.
  const acknowledged = new Map<string, string>();
  const keys = Array.from({ length: CREATES_IN_FLIGHT }, (_, i) => `create-${i}-${randomUUID()}`);
  let killed = false;
  const kill = () => {
    if (killed) return;
    killed = true;
    server!.child.kill("SIGKILL");
  };
  const finishAnswered = new Set<string>();
  const inFlight = [
    ...keys.map((key) =>
      api("/v3/session/", {
        method: "POST",
        headers: { "idempotency-key": key },
        body: JSON.stringify({ vendor_data: key }),
      }).then(
        async (response) => {
          if (response.status === 201) acknowledged.set(key, ((await response.json()) as { id: string }).id);
          kill();
        },
        () => {},
      ),
    ),
    ...toFinish.map((session) =>
      finish(session.token).then(
        (response) => {
          if (response.status === 200) finishAnswered.add(session.id);
          kill();
        },
        () => {},
      ),
    ),
  ];
  await Promise.race([Promise.all(inFlight), sleep(30_000)]);
  kill();
  await exitWithin(server.child, 10_000);
  await Promise.all(inFlight);
  const beforeRestart = lastProcessed; // at least this many rows had landed before the kill
  log(
    `killed: ${acknowledged.size}/${CREATES_IN_FLIGHT} creates and ${finishAnswered.size}/${toFinish.length} finishes answered; import at ${beforeRestart}/${IMPORT_ROWS}`,
  );

  // Restart on the same data; the receiver answers from now on.
  for (const response of holding) response.destroy();
  holding = [];
  hold = false;
  server = await startKycServer(env);
  const restarted = Date.now();
  log("restarted");

  // 1. Every acknowledged session is there; a retried create with the same key is not a second session.
  for (const [key, id] of acknowledged) {
    assert.equal((await api(`/v3/session/${id}/`)).status, 200, `acknowledged session ${id} survived`);
    const again = await createSession(key);
    assert.equal(again.id, id, "the retried create answers the same session");
  }
  for (const key of keys.filter((key) => !acknowledged.has(key))) await createSession(key);

  // 2. No session is stuck: every finished one is decided within 60 s (a finish that never arrived is
  //    retried, as the hosted page would), and one webhook per decision arrives.
  const decided = [first, ...toFinish];
  await waitFor("every finished session to be decided", RECOVERY_MS - (Date.now() - restarted), async () => {
    let all = true;
    for (const session of decided) {
      const status = ((await (await api(`/v3/session/${session.id}/`)).json()) as { status: string }).status;
      if (status === "in_progress") {
        all = false;
        const retried = await finish(session.token);
        assert.ok(
          [200, 409].includes(retried.status),
          `finish retry: ${retried.status} ${await retried.text()}`,
        );
      } else assert.equal(status, "approved");
    }
    return all;
  });
  await waitFor("a webhook for every decision", RECOVERY_MS - (Date.now() - restarted), async () =>
    decided.every((session) => [...delivered.values()].some((body) => body.session_id === session.id)),
  );
  log(`decisions and webhooks in ${((Date.now() - restarted) / 1000).toFixed(1)} s`);

  // 3. The import is not stuck: it moves again within 60 s and completes; each imported row charged once.
  // Moving again: more rows landed, or (PostgreSQL, where we can look) a worker of the new process holds
  // the import job again — its first row also waits for the face models to load in that process.
  await waitFor("the import to move again", RECOVERY_MS - (Date.now() - restarted), async () => {
    const current = await batch();
    return (
      current.status === "completed" || current.processed > beforeRestart || (await importJobReclaimed())
    );
  });
  await waitFor("the import to complete", 240_000, async () => (await batch()).status === "completed");
  const finalBatch = await batch();
  assert.equal(finalBatch.processed, IMPORT_ROWS);

  // 4. Charges: one SESSION_CREATE per session, one IDENTITY_IMPORT per imported row, nothing twice.
  const ledger = (await (await api("/v3/credits/ledger/?page_size=500")).json()) as {
    results: { reason: string; feature: string; session_id: string }[];
  };
  const sessionCharges = ledger.results.filter((row) => row.reason === "session_create");
  const chargedSessions = new Set(sessionCharges.map((row) => row.session_id));
  assert.equal(chargedSessions.size, sessionCharges.length, "no session charged twice");
  const expectedSessions = SESSIONS_TO_FINISH + CREATES_IN_FLIGHT;
  assert.equal(sessionCharges.length, expectedSessions, "every session charged once");
  const importCharges = ledger.results.filter((row) => row.feature === "IDENTITY_IMPORT").length;
  assert.equal(importCharges, finalBatch.created + finalBatch.updated, "every imported row charged once");
  log(`ok: ${expectedSessions} sessions, ${importCharges} import charges, ${delivered.size} webhooks`);

  async function batch() {
    const body = (await (await api(`/v3/identities/import/${batchId}/`)).json()) as {
      status: string;
      processed: number;
      created: number;
      updated: number;
    };
    lastProcessed = body.processed;
    return body;
  }
}

let lastProcessed = 0;

/** PostgreSQL only: the import job was claimed again after the kill (its attempts count the claims). */
async function importJobReclaimed(): Promise<boolean> {
  if (!databaseUrl || !schema) return false;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query(
      `SELECT 1 FROM "${schema}".jobs WHERE name = 'identities.import' AND status = 'running'
         AND locked_until > now() AND attempts >= 2`,
    );
    return result.rowCount! > 0;
  } finally {
    await client.end();
  }
}

function finish(token: string) {
  return fetch(`${server!.url}/flow-api/${token}/finish`, { method: "POST" });
}

async function kyc(...args: string[]): Promise<Record<string, unknown>> {
  const result = await runKyc([...args, "--json"], env);
  assert.equal(result.code, 0, `kyc ${args.join(" ")}: ${result.stderr}`);
  return JSON.parse(result.stdout) as Record<string, unknown>;
}

async function waitFor(what: string, ms: number, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + Math.max(ms, 0);
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(250);
  }
}

async function cleanUp(): Promise<void> {
  server?.child.kill("SIGKILL");
  for (const response of holding) response.destroy();
  receiver.closeAllConnections();
  receiver.close();
  photos.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (databaseUrl && schema) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  }
}

main().then(
  async () => {
    await cleanUp();
    process.exit(0);
  },
  async (error: unknown) => {
    console.error(error);
    if (server) console.error(`server output:\n${server.output()}`);
    await cleanUp();
    process.exit(1);
  },
);
