// Ongoing AML monitoring (spec: AML module outcome — ongoing monitoring): enrolment by an approved session,
// the daily sweep flagging a newly listed identity, a clear refreshing timestamps, an engine outage aborting
// without advancing next_rescreen_at, and de-enrolment when a later workflow turns monitoring off.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import { loadAmlLists } from "../../src/cli/aml-commands.js";
import { allJobs } from "../../src/composition/jobs.js";
import { createYenteEngine } from "../../src/engines/aml/index.js";
import { rescreenDueIdentities } from "../../src/identities/aml-monitoring/rescreen-identities.js";
import { createWorkflow } from "../../src/verify/workflows/workflows.js";
import { deliverWebhookEvent } from "../../src/webhooks/deliver-event.js";
import { congressPepFtm } from "../engines/aml/list-data.js";
import { createTestApp, type TestApp, type TestTenant } from "../support/test-app.js";
import {
  startWebhookReceiver,
  verifyStripeStyle,
  type WebhookReceiver,
} from "../support/webhook-receiver.js";

const UN_FILE = fileURLToPath(
  new URL("../../../shared/data/aml/un-consolidated-2020-11-30.xml", import.meta.url),
);
const PERSON = {
  full_name: "Marigold Pennyworth Haverstock",
  date_of_birth: "1984-07-12",
  nationality: "NP",
};

describe("ongoing AML monitoring", () => {
  let t: TestApp;
  let tenant: TestTenant;
  let dir: string;
  let monitored: string;
  let receiver: WebhookReceiver;
  let unmonitored: string;

  before(async () => {
    // The webhook receiver is on loopback: private targets are allowed in this test.
    t = await createTestApp({ ALLOW_PRIVATE_TARGETS: "true" });
    tenant = await t.tenant({ features: "all" });
    receiver = await startWebhookReceiver();
    await t.services.db
      .updateTable("tenants")
      .set({ webhook_url: receiver.url })
      .where("id", "=", tenant.tenant_id)
      .execute();
    dir = mkdtempSync(join(tmpdir(), "aml-monitoring-"));
    // The workflow requires PEP screening: PEP data must be loaded or every session goes to review.
    const pepFile = join(dir, "congress-pep.ftm.json");
    writeFileSync(pepFile, congressPepFtm());
    await loadAmlLists(t.services, [UN_FILE, pepFile]);
    const workflow = (ongoing: boolean) =>
      createWorkflow(t.services.db, tenant.tenant_id, {
        name: ongoing ? "monitored" : "one-off",
        nodes: [
          {
            id: "aml",
            feature: "AML_SCREENING",
            config: { lists: { sanctions: "decline", pep: "review" }, ongoing_monitoring: ongoing },
          },
        ],
      });
    monitored = (await workflow(true)).id;
    unmonitored = (await workflow(false)).id;
  });
  after(async () => {
    await t?.close();
    await receiver?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function runSession(workflowId: string, vendor: string, answers: Record<string, unknown>) {
    const created = await t.app.inject({
      method: "POST",
      url: "/v3/session/",
      headers: tenant.headers,
      payload: { workflow_id: workflowId, vendor_data: vendor },
    });
    assert.equal(created.statusCode, 201, created.body);
    const token = created.json().url.split("/verify/")[1] as string;
    // Opening the hosted flow starts the session.
    assert.equal((await t.app.inject({ url: `/flow-api/${token}/state` })).statusCode, 200);
    const step = await t.app.inject({
      method: "POST",
      url: `/flow-api/${token}/steps/aml`,
      payload: answers,
    });
    assert.equal(step.statusCode, 200, step.body);
    const finished = await t.app.inject({ method: "POST", url: `/flow-api/${token}/finish` });
    assert.equal(finished.statusCode, 200, finished.body);
    return finished.json().status as string;
  }

  async function identity(vendor: string) {
    return t.services.db
      .selectFrom("individuals")
      .select([
        "id",
        "status",
        "aml_status",
        "aml_monitoring",
        "next_rescreen_at",
        "last_screened_at",
        sql<number>`extract(epoch from (next_rescreen_at - now()))`.as("due_in_seconds"),
      ])
      .where("tenant_id", "=", tenant.tenant_id)
      .where("external_user_id", "=", vendor)
      .executeTakeFirstOrThrow();
  }

  async function makeDue(vendor: string) {
    await t.services.db
      .updateTable("individuals")
      .set({
        next_rescreen_at: sql`now() - interval '1 minute'`,
        last_screened_at: sql`now() - interval '1 day'`,
      })
      .where("tenant_id", "=", tenant.tenant_id)
      .where("external_user_id", "=", vendor)
      .execute();
  }

  test("the sweep is a cron job in the catalog", () => {
    const job = allJobs().find((candidate) => candidate.name === "aml.rescreen");
    assert.ok(job?.cron);
  });

  test("an approved session with ongoing_monitoring copies the AML config to the identity and schedules a day later", async () => {
    assert.equal(await runSession(monitored, "mon-1", PERSON), "approved");
    const row = await identity("mon-1");
    assert.deepEqual(row.aml_monitoring, {
      lists: { sanctions: "decline", pep: "review" },
      match_threshold: 0.7,
      review_possible_matches: true,
      ongoing_monitoring: true,
      full_name: PERSON.full_name,
      date_of_birth: PERSON.date_of_birth,
      nationality: PERSON.nationality,
      known_hits: [],
    });
    assert.ok(row.due_in_seconds > 86_000 && row.due_in_seconds <= 86_400, String(row.due_in_seconds));
    assert.ok(row.last_screened_at);
    assert.equal(row.aml_status, "clear");
  });

  test("a session without ongoing_monitoring enrols nobody", async () => {
    await runSession(unmonitored, "one-off-1", PERSON);
    const row = await identity("one-off-1");
    assert.equal(row.aml_monitoring, null);
    assert.equal(row.next_rescreen_at, null);
  });

  test("a clear re-screening only refreshes last_screened_at and next_rescreen_at", async () => {
    await makeDue("mon-1");
    const before = await identity("mon-1");
    const summary = await rescreenDueIdentities(t.services);
    assert.equal(summary.aborted, false);
    assert.ok(summary.screened >= 1);
    const row = await identity("mon-1");
    assert.equal(row.status, "active");
    assert.equal(row.aml_status, "clear");
    assert.ok(new Date(row.last_screened_at!) > new Date(before.last_screened_at!));
    assert.ok(row.due_in_seconds > 86_000);
  });

  test("an engine outage aborts the sweep without advancing next_rescreen_at", async () => {
    await makeDue("mon-1");
    const before = await identity("mon-1");
    const down = {
      ...t.services,
      engines: { aml: () => createYenteEngine("http://127.0.0.1:9", { timeoutMs: 500 }) },
    };
    const summary = await rescreenDueIdentities(down);
    assert.equal(summary.aborted, true);
    const row = await identity("mon-1");
    assert.equal(new Date(row.next_rescreen_at!).getTime(), new Date(before.next_rescreen_at!).getTime());
    assert.equal(new Date(row.last_screened_at!).getTime(), new Date(before.last_screened_at!).getTime());
    assert.equal(row.status, "active");
  });

  test("a newly loaded matching entity flags the identity on the next sweep with aml_status high", async () => {
    const listing = join(dir, "new-listing.ftm.json");
    writeFileSync(
      listing,
      `${JSON.stringify({
        id: "new-sanction-1",
        caption: PERSON.full_name,
        schema: "Person",
        properties: { name: [PERSON.full_name], birthDate: [PERSON.date_of_birth], topics: ["sanction"] },
        datasets: ["test_sanctions"],
      })}\n`,
    );
    await loadAmlLists(t.services, [listing]);
    await makeDue("mon-1");
    const summary = await rescreenDueIdentities(t.services);
    assert.equal(summary.flagged, 1);
    const row = await identity("mon-1");
    assert.equal(row.status, "flagged");
    assert.equal(row.aml_status, "high");
    assert.deepEqual((row.aml_monitoring as { known_hits: string[] }).known_hits, ["new-sanction-1"]);
    assert.ok(row.due_in_seconds > 86_000);
  });

  test("the flag writes an audit row and sends the signed webhook identity.aml.monitoring.flagged", async () => {
    const row = await identity("mon-1");
    const audits = await t.services.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "identity.aml.monitoring.flagged")
      .where("target", "=", row.id)
      .execute();
    assert.equal(audits.length, 1);
    const event = await t.services.db
      .selectFrom("webhook_events")
      .select(["id", "status"])
      .where("tenant_id", "=", tenant.tenant_id)
      .where("event_type", "=", "identity.aml.monitoring.flagged")
      .executeTakeFirstOrThrow();
    assert.equal(await deliverWebhookEvent(t.services, event.id), "delivered");
    const delivery = receiver.received.at(-1)!;
    assert.equal(delivery.headers["x-webhook-event"], "identity.aml.monitoring.flagged");
    assert.ok(
      verifyStripeStyle(
        tenant.webhook_signing_secret,
        String(delivery.headers["x-webhook-signature"]),
        delivery.body,
      ),
    );
    const payload = JSON.parse(delivery.body);
    assert.equal(payload.individual_id, row.id);
    assert.equal(payload.external_user_id, "mon-1");
    assert.equal(payload.aml_status, "high");
    assert.deepEqual(
      payload.new_matches.map((match: { entity_id: string }) => match.entity_id),
      ["new-sanction-1"],
    );
  });

  test("a hit already seen at the last screening is not new", async () => {
    await t.services.db
      .updateTable("individuals")
      .set({ status: "active" })
      .where("tenant_id", "=", tenant.tenant_id)
      .where("external_user_id", "=", "mon-1")
      .execute();
    await makeDue("mon-1");
    const summary = await rescreenDueIdentities(t.services);
    assert.equal(summary.flagged, 0);
    assert.equal((await identity("mon-1")).status, "active");
  });

  test("a later session of the same identity with monitoring off de-enrols it on the next sweep", async () => {
    assert.equal(
      await runSession(monitored, "mon-2", { full_name: "Peregrine Ashdown Coulter" }),
      "approved",
    );
    assert.ok((await identity("mon-2")).aml_monitoring);
    await runSession(unmonitored, "mon-2", { full_name: "Peregrine Ashdown Coulter" });
    const pending = await identity("mon-2");
    assert.equal((pending.aml_monitoring as { ongoing_monitoring: boolean }).ongoing_monitoring, false);
    const summary = await rescreenDueIdentities(t.services);
    assert.ok(summary.deenrolled >= 1);
    const row = await identity("mon-2");
    assert.equal(row.aml_monitoring, null);
    assert.equal(row.next_rescreen_at, null);
  });
});
