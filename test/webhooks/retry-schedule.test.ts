// design: retries after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then failed; each delay jittered by ±10 %.
// A refused destination (private address, bad scheme) fails at once; every other failure is retried.
import assert from "node:assert/strict";
import { test } from "node:test";
import { TargetRefusedError } from "../../src/platform/net/safe-request.js";
import {
  planNextAttempt,
  RETRY_DELAYS_MS,
  RETRY_JITTER,
  retryDelayMs,
} from "../../src/webhooks/retry-schedule.js";
import { classifySendError, type SendResult } from "../../src/webhooks/send-delivery.js";

const failed = (errorClass: SendResult["errorClass"]): SendResult => ({
  statusCode: errorClass === "http_status" ? 500 : null,
  durationMs: 3,
  error: "x",
  errorClass,
  responseExcerpt: null,
});

test("each retry delay stays within ±10 % of the design's step, reaching both ends", () => {
  RETRY_DELAYS_MS.forEach((base, index) => {
    const attempt = index + 1;
    assert.equal(
      retryDelayMs(attempt, () => 0),
      Math.round(base * (1 - RETRY_JITTER)),
    );
    assert.equal(
      retryDelayMs(attempt, () => 0.5),
      base,
    );
    assert.equal(
      retryDelayMs(attempt, () => 0.999999),
      Math.round(base * (1 + RETRY_JITTER * 0.999998)),
    );
  });
  assert.equal(retryDelayMs(RETRY_DELAYS_MS.length + 1), null, "no retry after the last step");
});

test("jitter spreads retries: 1,000 draws of the first step cover the band and none leaves it", () => {
  const draws = Array.from({ length: 1_000 }, () => retryDelayMs(1)!);
  assert.ok(draws.every((delay) => delay >= 4_500 && delay <= 5_500));
  assert.ok(Math.min(...draws) < 4_600 && Math.max(...draws) > 5_400, "the whole band is used");
  assert.ok(new Set(draws).size > 500, "draws differ");
});

test("a 2xx is delivered; a retryable failure is retried until the schedule runs out, then failed", () => {
  const now = Date.parse("2026-01-01T00:00:00Z");
  assert.deepEqual(planNextAttempt(1, { ...failed(null), error: null }, now), {
    outcome: "delivered",
    retryAt: null,
  });
  for (const errorClass of ["http_status", "timeout", "network", "tls", "dns"] as const) {
    const next = planNextAttempt(3, failed(errorClass), now, () => 0.5);
    assert.equal(next.outcome, "retrying", errorClass);
    assert.equal(next.retryAt!.getTime(), now + 1_800_000, errorClass);
  }
  assert.deepEqual(planNextAttempt(8, failed("http_status"), now), { outcome: "failed", retryAt: null });
});

test("a refused destination fails at once, without retries", () => {
  assert.deepEqual(planNextAttempt(1, failed("target_refused")), { outcome: "failed", retryAt: null });
});

test("send errors are classified from what the shared client throws", () => {
  assert.equal(classifySendError(new TargetRefusedError("blocked_address")), "target_refused");
  assert.equal(classifySendError(new TargetRefusedError("bad_scheme")), "target_refused");
  assert.equal(classifySendError(new TargetRefusedError("dns_failed")), "dns");
  assert.equal(classifySendError(new Error("timed out after 15000 ms")), "timeout");
  const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:1"), { code: "ECONNREFUSED" });
  assert.equal(classifySendError(refused), "network");
  const cert = Object.assign(new Error("self-signed certificate"), { code: "DEPTH_ZERO_SELF_SIGNED_CERT" });
  assert.equal(classifySendError(cert), "tls");
});
