// design: Operator CLI; First start and the CLI beside a running server — the real `kyc` process, spawned.
// Embedded default: one process holds DATA_DIR (lock file), the CLI hands commands to a running server over
// DATA_DIR/admin.sock. With DATABASE_URL the CLI talks to the server database directly (own schema here).
import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { pino } from "pino";
import { closeServices, createServices } from "../../src/composition/create-services.js";
import { createHttpApp } from "../../src/composition/http-app.js";
import { loadConfig } from "../../src/config.js";
import { balanceOf } from "../../src/platform/credits/ledger.js";
import { rateFor } from "../../src/platform/credits/rates.js";
import { lockDataDir } from "../../src/platform/db/data-dir-lock.js";
import { enabledFeatures } from "../../src/platform/tenants/entitlements.js";
import type { Services } from "../../src/services.js";
import { collectOutput, freePort } from "../support/kyc-process.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const MAIN = join(ROOT, "src/cli/main.ts");
const SERVER_DB = process.env.DATABASE_URL || undefined;
const LEDGER = "/v3/credits/ledger/";

interface Place {
  dataDir: string;
  schema?: string;
}

interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

interface RunningServer {
  child: ChildProcess;
  url: string;
  output: () => string;
  stop(): Promise<void>;
}

const children = new Set<ChildProcess>();
const places: Place[] = [];

after(async () => {
  for (const child of children) child.kill("SIGKILL");
  for (const place of places) {
    rmSync(place.dataDir, { recursive: true, force: true });
    if (SERVER_DB && place.schema) await dropSchema(place.schema);
  }
});

async function freshPlace(): Promise<Place> {
  const place: Place = { dataDir: mkdtempSync(join(tmpdir(), "kyc-cli-")) };
  if (SERVER_DB) {
    place.schema = `test_cli_${randomBytes(6).toString("hex")}`;
    await withClient((client) => client.query(`CREATE SCHEMA "${place.schema}"`));
  }
  places.push(place);
  return place;
}

async function withClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: SERVER_DB });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function dropSchema(schema: string) {
  return withClient((client) => client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`));
}

function envFor(place: Place, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ["DATABASE_URL", "DATABASE_SCHEMA", "REDIS_URL", "PORT", "HOST", "PUBLIC_URL"])
    delete env[name];
  return {
    ...env,
    NODE_ENV: "test",
    DATA_DIR: place.dataDir,
    LOG_LEVEL: "warn",
    ...(SERVER_DB ? { DATABASE_URL: SERVER_DB, DATABASE_SCHEMA: place.schema } : {}),
    ...extra,
  };
}

function spawnKyc(place: Place, args: string[], extra: Record<string, string> = {}): ChildProcess {
  const child = spawn(process.execPath, ["--import", "tsx", MAIN, ...args], {
    cwd: ROOT,
    env: envFor(place, extra),
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
}

function runCli(place: Place, args: string[], extra: Record<string, string> = {}): Promise<CliResult> {
  return collectOutput(spawnKyc(place, args, extra));
}

/** Runs a command that must succeed and returns its `--json` output. */
async function kyc<T = Record<string, unknown>>(place: Place, ...args: string[]): Promise<T> {
  const result = await runCli(place, [...args, "--json"]);
  assert.equal(result.code, 0, `kyc ${args.join(" ")}: ${result.stderr}`);
  return JSON.parse(result.stdout) as T;
}

async function startServer(place: Place): Promise<RunningServer> {
  const port = await freePort();
  const child = spawnKyc(place, ["start"], { PORT: String(port), HOST: "127.0.0.1" });
  let output = "";
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) assert.fail(`server exited early (${child.exitCode}):\n${output}`);
    const ready = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) assert.fail(`server did not come up:\n${output}`);
    await sleep(200);
  }
  return {
    child,
    url,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

async function ledgerStatus(server: RunningServer, apiKey: string): Promise<number> {
  const response = await fetch(`${server.url}${LEDGER}`, { headers: { "x-api-key": apiKey } });
  return response.status;
}

/** Opens the same database the CLI used, in this process (taking the DATA_DIR lock like any opener). */
async function openServices(place: Place): Promise<{ services: Services; close(): Promise<void> }> {
  const lock = SERVER_DB ? null : lockDataDir(place.dataDir);
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: place.dataDir,
    LOG_LEVEL: "silent",
    ...(SERVER_DB ? { DATABASE_URL: SERVER_DB, DATABASE_SCHEMA: place.schema } : {}),
  });
  const services = await createServices(config, { log: pino({ level: "silent" }) });
  return {
    services,
    async close() {
      await closeServices(services);
      lock?.release();
    },
  };
}

// Its own suite: the lifecycle suite below has a time budget of its own.
describe("kyc CLI and DATA_DIR", { timeout: 120_000 }, () => {
  test("without a server or a database in DATA_DIR, a command names the DATA_DIR, refuses and creates nothing", async (t) => {
    if (SERVER_DB) return t.skip("with DATABASE_URL there is no data directory");
    const place = await freshPlace();
    const elsewhere = join(place.dataDir, "not-the-servers");
    const refused = await runCli(place, ["tenant", "create", "--name", "Lost", "--json"], {
      DATA_DIR: elsewhere,
    });
    assert.equal(refused.code, 1);
    assert.equal(refused.stdout, "", "no tenant was reported");
    assert.match(refused.stderr, new RegExp(`DATA_DIR=${elsewhere}`));
    assert.match(refused.stderr, /--init/);
    assert.ok(!existsSync(elsewhere), "no data directory was created");
  });
});

// Every command is a fresh `node --import tsx` process: about 250 s on a loaded two-core machine, so the budget
// is twice that.
describe("kyc CLI", { timeout: 600_000 }, () => {
  test("tenant create --json prints the four secrets once; an app opened afterwards accepts the key", async () => {
    const place = await freshPlace();
    const created = await kyc(place, "tenant", "create", "--name", "X", "--credits", "5", "--init");
    assert.deepEqual(Object.keys(created).sort(), [
      "api_key",
      "jwt_signing_secret",
      "tenant_id",
      "webhook_signing_secret",
    ]);
    assert.match(String(created.api_key), /^kyc_live_/);
    assert.ok(!existsSync(join(place.dataDir, "kyc.lock")), "the CLI released DATA_DIR when it exited");

    const opened = await openServices(place);
    try {
      const app = await createHttpApp(opened.services, { logger: false });
      const response = await app.inject({ url: LEDGER, headers: { "x-api-key": String(created.api_key) } });
      assert.equal(response.statusCode, 200, response.body);
      const body = response.json();
      assert.equal(body.count, 1);
      assert.deepEqual([body.results[0].delta, body.results[0].reason], ["5", "topup"]);
      await app.close();
    } finally {
      await opened.close();
    }
  });

  // One server per DATA_DIR for the whole lifecycle: starting one costs seconds, commands through it do not.
  test("beside a running server: commands reach it, a second start is refused, each command does what it says", async (t) => {
    const place = await freshPlace();
    const server = await startServer(place);
    t.after(() => server.stop());
    let tenantId = "";
    let otherId = "";
    let liveKey = "";

    await t.test(
      "tenant create reaches the server (over DATA_DIR/admin.sock on the embedded database)",
      async () => {
        const socket = join(place.dataDir, "admin.sock");
        if (SERVER_DB) {
          assert.ok(!existsSync(socket), "with DATABASE_URL there is no admin socket");
        } else {
          assert.ok(existsSync(socket), "the server listens on DATA_DIR/admin.sock");
          assert.equal(readFileSync(join(place.dataDir, "kyc.lock"), "utf8"), String(server.child.pid));
        }
        // On the embedded database a CLI that opened DATA_DIR itself would be refused by the lock: success
        // here means the command went through the server.
        const [tenant, other] = await Promise.all([
          kyc(place, "tenant", "create", "--name", "Ops", "--credits", "5"),
          kyc(place, "tenant", "create", "--name", "Other"),
        ]);
        tenantId = String(tenant.tenant_id);
        otherId = String(other.tenant_id);
        liveKey = String(tenant.api_key);
        assert.equal(await ledgerStatus(server, liveKey), 200);
      },
    );

    await t.test(
      "a second start on the same DATA_DIR is refused with a message naming the lock holder",
      async (st) => {
        if (SERVER_DB) return st.skip("with DATABASE_URL the data directory is not locked");
        const second = await runCli(place, ["start"], { PORT: String(await freePort()), HOST: "127.0.0.1" });
        assert.notEqual(second.code, 0);
        assert.match(second.stderr, /already open by process/);
        assert.ok(second.stderr.includes(place.dataDir), second.stderr);
        assert.ok(second.stderr.includes(String(server.child.pid)), second.stderr);
        assert.equal(
          await fetch(`${server.url}/healthz`).then((r) => r.status),
          200,
          "the first server is unharmed",
        );
      },
    );

    await t.test("key create / list / revoke", async () => {
      const issued = await kyc(place, "key", "create", tenantId, "--label", "ci");
      assert.deepEqual(Object.keys(issued).sort(), ["api_key", "key_id"]);
      assert.equal(await ledgerStatus(server, String(issued.api_key)), 200);
      const listed = await kyc<Array<Record<string, unknown>>>(place, "key", "list", tenantId);
      assert.deepEqual(listed.map((key) => key.label).sort(), ["ci", "default"]);
      assert.ok(!JSON.stringify(listed).includes(String(issued.api_key)), "raw keys are never listed");
      await kyc(place, "key", "revoke", String(issued.key_id));
      assert.equal(await ledgerStatus(server, String(issued.api_key)), 401);
      assert.equal(await ledgerStatus(server, liveKey), 200, "the tenant's other key still works");
    });

    await t.test("key rotate-all", async () => {
      const issued = await kyc(place, "key", "rotate-all", tenantId);
      assert.equal(await ledgerStatus(server, liveKey), 401);
      assert.equal(await ledgerStatus(server, String(issued.api_key)), 200);
      liveKey = String(issued.api_key);
      const listed = await kyc<Array<Record<string, unknown>>>(place, "key", "list", tenantId);
      assert.deepEqual(
        listed.filter((key) => key.revoked_at === null).map((key) => key.key_id),
        [issued.key_id],
      );
    });

    await t.test("tenant suspend / resume", async () => {
      await kyc(place, "tenant", "suspend", tenantId);
      assert.equal(await ledgerStatus(server, liveKey), 401);
      await kyc(place, "tenant", "resume", tenantId);
      assert.equal(await ledgerStatus(server, liveKey), 200);
    });

    await t.test("credits topup", async () => {
      assert.deepEqual(await kyc(place, "credits", "topup", tenantId, "2.5"), {
        tenant_id: tenantId,
        balance: "7.5",
      });
      const response = await fetch(`${server.url}${LEDGER}`, { headers: { "x-api-key": liveKey } });
      const body = (await response.json()) as { count: number; results: Array<Record<string, string>> };
      assert.equal(body.count, 2);
      assert.deepEqual([body.results[0]!.delta, body.results[0]!.reason], ["2.5", "topup"]);
    });

    await t.test("rates set (global and per tenant); an unknown feature is refused", async () => {
      const [, , refused] = await Promise.all([
        kyc(place, "rates", "set", "FACE_VERIFY", "0.4"),
        kyc(place, "rates", "set", "FACE_VERIFY", "0.7", "--tenant", tenantId),
        runCli(place, ["rates", "set", "NOT_A_FEATURE", "1"]),
      ]);
      assert.notEqual(refused.code, 0);
      assert.match(refused.stderr, /NOT_A_FEATURE/);
    });

    await t.test("features enable / disable", async () => {
      const disabled = await kyc<{ features: string[] }>(
        place,
        "features",
        "disable",
        tenantId,
        "FACE_VERIFY,AML_CHECK",
      );
      assert.ok(!disabled.features.includes("FACE_VERIFY") && !disabled.features.includes("AML_CHECK"));
      const enabled = await kyc<{ features: string[] }>(place, "features", "enable", tenantId, "FACE_VERIFY");
      assert.ok(enabled.features.includes("FACE_VERIFY") && !enabled.features.includes("AML_CHECK"));
    });

    await t.test(
      "a clean stop releases the lock, and the database holds what the commands said",
      async () => {
        await server.stop();
        assert.ok(!existsSync(join(place.dataDir, "kyc.lock")), "no lock left behind");
        const opened = await openServices(place);
        try {
          const db = opened.services.db;
          assert.equal(await balanceOf(db, tenantId), "7.5");
          assert.equal(await rateFor(db, tenantId, "FACE_VERIFY"), "0.7");
          assert.equal(await rateFor(db, otherId, "FACE_VERIFY"), "0.4");
          const features = await enabledFeatures(db, tenantId);
          assert.ok(features.includes("FACE_VERIFY") && !features.includes("AML_CHECK"));
          const row = await db
            .selectFrom("tenants")
            .select("status")
            .where("id", "=", tenantId)
            .executeTakeFirst();
          assert.equal(row?.status, "active");
        } finally {
          await opened.close();
        }
      },
    );
  });
});
