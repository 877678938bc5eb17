// Graceful shutdown with a deadline (issue 22, finding 15): a real `kyc start` child, busy with a job that
// would run for minutes and with its output pipes closed by its parent, still stops on SIGTERM within the
// deadline and releases DATA_DIR; the job keeps its lease and comes back to a worker later.
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { exitWithin, type KycServer, runKyc, startKycServer } from "../support/kyc-process.js";

describe("kyc start shutdown", { timeout: 300_000 }, () => {
  const dataDir = mkdtempSync(join(tmpdir(), "kyc-shutdown-"));
  let server: KycServer | undefined;
  let photos: Server | undefined;
  after(() => {
    server?.child.kill("SIGKILL");
    photos?.closeAllConnections();
    photos?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("SIGTERM stops a busy server whose stdout and stderr pipes are closed, within the deadline", async () => {
    // Photo URLs that never answer: each import row waits out its fetch timeout, so the job runs for minutes.
    photos = createServer(() => {});
    await new Promise<void>((resolve) => photos!.listen(0, "127.0.0.1", resolve));
    const photoBase = `http://127.0.0.1:${(photos.address() as AddressInfo).port}`;
    const env = { DATA_DIR: dataDir, ALLOW_PRIVATE_TARGETS: "true", IMPORT_ALLOW_HTTP: "true" };
    server = await startKycServer({ ...env, LOG_LEVEL: "info" });
    const created = await runKyc(
      ["tenant", "create", "--name", "Busy", "--credits", "10", "--features", "IDENTITY_IMPORT", "--json"],
      env,
    );
    assert.equal(created.code, 0, created.stderr);
    const headers = { "x-api-key": JSON.parse(created.stdout).api_key, "content-type": "application/json" };
    const identities = Array.from({ length: 40 }, (_, i) => ({
      external_user_id: `u${i}`,
      photo_url: `${photoBase}/${i}.jpg`,
    }));
    const batch = await fetch(`${server.url}/v3/identities/import/`, {
      method: "POST",
      headers,
      body: JSON.stringify({ source_system: "s", consent_reference: "c", identities }),
    });
    assert.equal(batch.status, 202, await batch.clone().text());
    const batchId = ((await batch.json()) as { batch_id: string }).batch_id;
    for (let i = 0; i < 100; i++) {
      const state = await fetch(`${server.url}/v3/identities/import/${batchId}/`, { headers });
      if (((await state.json()) as { status: string }).status === "running") break;
      await sleep(300);
    }

    // The parent goes away: its ends of the pipes close, so every log line the server writes fails.
    server.child.stdout!.destroy();
    server.child.stderr!.destroy();
    await fetch(`${server.url}/healthz`);
    const signalled = Date.now();
    server.child.kill("SIGTERM");
    const exited = await exitWithin(server.child, 30_000);
    assert.ok(exited, "the server exited within 30 s of SIGTERM (deadline 10 s)");
    assert.ok(Date.now() - signalled < 30_000);
    assert.ok(!existsSync(join(dataDir, "kyc.lock")), "DATA_DIR was released");
  });
});
