// The cost of the delivery phases around the HTTP POST: deliverWebhookEvent (load the event and endpoint, sign,
// send, then record the attempt, the event's state, the endpoint's failure streak and — on failure — the retry
// job in one transaction) against the bare send (address check + POST of the same signed body) to the same
// loopback receiver. Both in interleaved rounds (alternating which goes first) so they share the machine's
// noise; a 2xx receiver and a 500 receiver (the failure path writes the retry job and the streak).
// PGlite always; PostgreSQL too when DATABASE_URL is set.
// Run: node --import tsx bench/webhook-delivery.bench.ts   (WEBHOOK_BENCH_ROUNDS, WEBHOOK_BENCH_PER_ROUND)
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { checkTarget, postToTarget } from "../src/platform/net/safe-request.js";
import { createTenant, setWebhookUrl } from "../src/platform/tenants/tenants.js";
import type { Services } from "../src/services.js";
import { deliverWebhookEvent } from "../src/webhooks/deliver-event.js";
import { enqueueWebhookEvent } from "../src/webhooks/enqueue-event.js";
import { signDelivery } from "../src/webhooks/sign-delivery.js";
import { type BenchDatabase, benchDatabases, openBenchServices } from "./support/bench-services.js";
import { type LatencySummary, latencyRow, summarize } from "./support/latency-stats.js";

const ROUNDS = Number(process.env.WEBHOOK_BENCH_ROUNDS ?? 8);
const PER_ROUND = Number(process.env.WEBHOOK_BENCH_PER_ROUND ?? 40);
const WARMUP = 30;

type Results = Record<"bare" | "delivered" | "retrying", LatencySummary>;

async function startReceiver(): Promise<{ url: string; status: { code: number }; close(): Promise<void> }> {
  const status = { code: 200 };
  const server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      response.statusCode = status.code;
      response.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    status,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function measure(database: BenchDatabase): Promise<Results> {
  const bench = await openBenchServices(database, { ALLOW_PRIVATE_TARGETS: "true" });
  const receiver = await startReceiver();
  try {
    const { services } = bench;
    const tenant = await createTenant(
      services.db,
      { name: "Bench", credits: "0" },
      { hooks: services.hooks.tenantCreated },
    );
    await setWebhookUrl(services.db, tenant.tenant_id, receiver.url);
    const payload = {
      session_id: "00000000-0000-4000-8000-000000000000",
      status: "approved",
      decision: "approved",
    };
    const emit = () =>
      enqueueWebhookEvent(services.db, {
        tenantId: tenant.tenant_id,
        eventType: "identity.kyc.session.approved",
        payload,
      });

    const samples = { bare: [] as number[], delivered: [] as number[], retrying: [] as number[] };
    async function bare(count: number, record: boolean) {
      receiver.status.code = 200;
      const request = signDelivery(
        {
          id: "bench",
          tenantId: tenant.tenant_id,
          eventType: "identity.kyc.session.approved",
          payload,
          attempts: 0,
        },
        tenant.webhook_signing_secret,
      );
      for (let i = 0; i < count; i++) {
        const started = performance.now();
        const target = await checkTarget(receiver.url, { allowPrivate: true });
        const result = await postToTarget(target, request.body, request.headers, 15_000);
        if (result.status !== 200) throw new Error(`bare send: ${result.status}`);
        if (record) samples.bare.push(performance.now() - started);
      }
    }
    async function deliver(kind: "delivered" | "retrying", count: number, record: boolean) {
      receiver.status.code = kind === "delivered" ? 200 : 500;
      const ids: string[] = [];
      for (let i = 0; i < count; i++) ids.push(await emit());
      for (const id of ids) {
        const started = performance.now();
        const outcome = await deliverWebhookEvent(services as Services, id);
        if (outcome !== kind) throw new Error(`expected ${kind}, got ${outcome}`);
        if (record) samples[kind].push(performance.now() - started);
      }
    }

    await bare(WARMUP, false);
    await deliver("delivered", WARMUP, false);
    await deliver("retrying", WARMUP, false);
    const steps = [
      (record: boolean) => bare(PER_ROUND, record),
      (record: boolean) => deliver("delivered", PER_ROUND, record),
      (record: boolean) => deliver("retrying", PER_ROUND, record),
    ];
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? steps : [...steps].reverse();
      for (const step of order) await step(true);
    }
    return {
      bare: summarize(samples.bare),
      delivered: summarize(samples.delivered),
      retrying: summarize(samples.retrying),
    };
  } finally {
    await receiver.close();
    await bench.close();
  }
}

const row = (label: string, summary: LatencySummary) => latencyRow(label, summary, 44);

console.log(
  `webhook-delivery: ${ROUNDS} interleaved rounds × ${PER_ROUND} per target (+${WARMUP} warm-up), loopback receiver`,
);
const results: Array<[BenchDatabase, Results]> = [];
for (const database of benchDatabases()) results.push([database, await measure(database)]);

console.log(
  `\n${"target".padEnd(44)}${"sends".padStart(8)}${"per s".padStart(10)}${"p50 ms".padStart(10)}${"p99 ms".padStart(10)}`,
);
for (const [database, { bare, delivered, retrying }] of results) {
  console.log(row(`bare send: check + POST (${database} run)`, bare));
  console.log(row(`deliverWebhookEvent, 2xx (${database})`, delivered));
  console.log(row(`deliverWebhookEvent, 500 → retry (${database})`, retrying));
  for (const [name, summary] of [
    ["2xx", delivered],
    ["500", retrying],
  ] as const) {
    console.log(
      `  ratio ${name}/bare (${database}): p50 ×${(summary.p50Ms / bare.p50Ms).toFixed(2)}, ` +
        `p99 ×${(summary.p99Ms / bare.p99Ms).toFixed(2)}, ` +
        `phases around the send add ${(summary.p50Ms - bare.p50Ms).toFixed(2)} ms at p50`,
    );
  }
}
