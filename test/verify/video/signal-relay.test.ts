// Video-call signalling across two API processes sharing one database: each process has its own hub and
// relay (as http-app.ts builds them on PostgreSQL), and the two parties of a call are connected to different
// hubs. Runs on PGlite (NOTIFY inside one process) and on PostgreSQL (a LISTEN connection per relay).
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { createSignalRelay, decode, encode } from "../../../src/verify/video/signal-relay.js";
import { type PeerSocket, SignallingHub } from "../../../src/verify/video/signalling-hub.js";
import { sdpOffer } from "../../support/sdp-offer.js";
import { createTestApp, type TestApp } from "../../support/test-app.js";

/** A socket as the hub sees one (this test exercises the hub and relay, not `ws`). */
function socket(): PeerSocket & { received: Record<string, unknown>[] } {
  const received: Record<string, unknown>[] = [];
  return {
    readyState: 1,
    received,
    send: (data: string) => received.push(JSON.parse(data)),
    close: () => undefined,
  };
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 100 && !check(); i++) await sleep(20);
  assert.ok(check(), what);
}

describe("video signal relay between processes", () => {
  let t: TestApp;
  let hubA: SignallingHub;
  let hubB: SignallingHub;
  const stops: (() => Promise<void>)[] = [];
  const warnings: string[] = [];
  const log = { warn: (_: object, message: string) => warnings.push(message) };

  before(async () => {
    t = await createTestApp();
    const relayA = createSignalRelay(t.services.database, t.services.db, log);
    const relayB = createSignalRelay(t.services.database, t.services.db, log);
    hubA = new SignallingHub(relayA);
    hubB = new SignallingHub(relayB);
    stops.push(await relayA.subscribe((envelope) => hubA.deliver(envelope)));
    stops.push(await relayB.subscribe((envelope) => hubB.deliver(envelope)));
  });
  after(async () => {
    for (const stop of stops) await stop();
    await t?.close();
  });

  test("parties on two processes see each other, and signals (a 6 KB offer too) cross; no other call hears", async () => {
    const call = randomUUID();
    const other = randomUUID();
    const applicant = socket();
    const agent = socket();
    const bystander = socket();
    hubB.attach(other, "agent", bystander);

    hubA.attach(call, "applicant", applicant);
    await until(() => hubB.isPresent(call, "applicant"), "process B learns the applicant is connected on A");
    hubB.attach(call, "agent", agent);
    await until(
      () => applicant.received.some((m) => m.type === "peer" && m.role === "agent" && m.present === true),
      "the applicant on A hears that the agent joined on B",
    );
    assert.equal(hubA.isPresent(call, "agent"), true);

    const offer = { type: "offer", sdp: sdpOffer() };
    assert.ok(offer.sdp.length > 5_000);
    hubB.relay(call, "agent", offer);
    await until(() => applicant.received.some((m) => m.type === "signal"), "the offer reaches A");
    assert.deepEqual(applicant.received.find((m) => m.type === "signal")?.data, offer);

    hubA.relay(call, "applicant", { type: "answer", sdp: "v=0" });
    await until(() => agent.received.some((m) => m.type === "signal"), "the answer reaches B");
    hubA.broadcast(call, { type: "status", status: "active" });
    await until(() => agent.received.some((m) => m.status === "active"), "status news crosses too");

    hubA.detach(call, "applicant", applicant);
    await until(
      () => agent.received.some((m) => m.type === "peer" && m.role === "applicant" && m.present === false),
      "the agent hears that the applicant left",
    );
    assert.equal(hubB.isPresent(call, "applicant"), false);
    assert.deepEqual(bystander.received, [], "another call's socket heard nothing");
    assert.deepEqual(warnings, []);
  });

  test("envelopes: a large payload travels deflated, what does not fit is refused, junk is ignored", () => {
    // Two offers' worth (about 13 KB): over NOTIFY's limit as JSON, so it travels deflated.
    const envelope = {
      callId: randomUUID(),
      role: "agent" as const,
      message: { type: "signal", data: sdpOffer() + sdpOffer() },
    };
    const packed = encode("me", envelope)!;
    assert.ok(packed.startsWith("z"));
    assert.ok(packed.length <= 7_900);
    assert.deepEqual(decode(packed), { from: "me", envelope });
    const noise = Array.from({ length: 20_000 }, () => Math.random().toString(36).slice(2)).join("");
    assert.equal(encode("me", { ...envelope, message: { type: "signal", data: noise } }), null);
    assert.equal(decode("j{not json"), null);
    assert.equal(
      decode(`j${JSON.stringify({ from: "x", callId: "c", role: "admin", message: { type: "signal" } })}`),
      null,
    );
  });
});
