// design: Processes and scale — `kyc serve` and `kyc worker` are the split for several nodes; they refuse to
// start without what every node must share (the database, the session-token key), before touching anything.
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { runKyc } from "../support/kyc-process.js";

for (const mode of ["serve", "worker"]) {
  test(`kyc ${mode} without DATABASE_URL is refused`, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "kyc-split-"));
    const result = await runKyc([mode], { DATA_DIR: dataDir });
    assert.equal(result.code, 1);
    assert.match(result.stderr, /needs DATABASE_URL/);
    assert.deepEqual(readdirSync(dataDir), [], "nothing created");
    rmSync(dataDir, { recursive: true, force: true });
  });

  test(`kyc ${mode} without SESSION_TOKEN_KEY is refused: every node must derive the same session URLs`, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "kyc-split-"));
    const result = await runKyc([mode], {
      DATA_DIR: dataDir,
      DATABASE_URL: "postgres://nobody@127.0.0.1:1/none",
    });
    assert.equal(result.code, 1);
    assert.match(result.stderr, /SESSION_TOKEN_KEY/);
    assert.deepEqual(readdirSync(dataDir), [], "no key file written");
    rmSync(dataDir, { recursive: true, force: true });
  });
}
