// CLI papercuts (issue 20): per-command --help with its arguments; usage errors say what was expected (never a
// raw ERR_PARSE_ARGS_*); --json output parses on its own (the DATA_DIR note goes to stderr); operator passwords
// come from stdin or a prompt, not argv; `key create --test` issues a sandbox key.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { collectOutput, kycEnv, ROOT, runKyc } from "../support/kyc-process.js";

describe("kyc CLI usage", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "kyc-cli-usage-"));
  const env = { DATA_DIR: dataDir };
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  test("kyc <command> --help prints the command's arguments and exits 0", async () => {
    const result = await runKyc(["key", "create", "--help"], env);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^Usage: kyc key create TENANT \[--label L\] \[--test\]/);
  });

  test("an unknown option names it and shows the usage (exit 2), without a raw parser error", async () => {
    const result = await runKyc(["tenant", "create", "--nmae", "Acme"], env);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /Unknown option --nmae\.\nUsage: kyc tenant create --name N/);
    assert.doesNotMatch(result.stderr, /ERR_PARSE_ARGS/);
  });

  test("a missing argument says which, with the usage", async () => {
    const result = await runKyc(["key", "create", "--init"], env);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /Missing argument TENANT\.\nUsage: kyc key create TENANT/);
  });

  test("--json output is one parseable document; a test key comes from key create --test", async () => {
    const tenant = await runKyc(["tenant", "create", "--name", "Acme", "--json", "--init"], env);
    assert.equal(tenant.code, 0, tenant.stderr);
    const { tenant_id: tenantId } = JSON.parse(tenant.stdout);
    const key = await runKyc(["key", "create", tenantId, "--test", "--json"], env);
    assert.equal(key.code, 0, key.stderr);
    assert.match(JSON.parse(key.stdout).api_key, /^kyc_test_/);
  });

  test("operator create reads the password from stdin, not argv", async () => {
    const child = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        join(ROOT, "src/cli/main.ts"),
        "operator",
        "create",
        "--email",
        "ops@example.com",
        "--json",
      ],
      { cwd: ROOT, env: kycEnv(env), stdio: ["pipe", "pipe", "pipe"] },
    );
    child.stdin!.end("correct horse battery staple\n");
    const result = await collectOutput(child);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(JSON.parse(result.stdout).email, "ops@example.com");
    assert.doesNotMatch(result.stderr, /warning: --password/);
  });
});
