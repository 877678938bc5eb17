// Issue 14 — `kyc aml sync`: lists downloaded from a real HTTP server started here (serving the official
// OFAC and UN files), conditional requests, and a bad download never replacing good data.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, test } from "node:test";
import { pino } from "pino";
import { runOperatorCommand } from "../../../src/composition/operator-commands.js";
import type { AmlEntity } from "../../../src/engines/aml/entity.js";
import { listSources } from "../../../src/engines/aml/list-sources.js";
import { loadUnConsolidatedXml } from "../../../src/engines/aml/load-un.js";
import { syncListSource } from "../../../src/engines/aml/sync-lists.js";
import { AppError } from "../../../src/platform/errors.js";
import { createTestApp, type TestApp, type TestTenant } from "../../support/test-app.js";

const DATA = new URL("../../../../shared/data/aml/", import.meta.url);
const OFAC = readFileSync(new URL("ofac-sdn-2024-05-03.csv", DATA));
const UN = readFileSync(new URL("un-consolidated-2020-11-30.xml", DATA));
const FTM = readFileSync(new URL("yente-fixture-zala.ftm.json", DATA));

// The EU and UK files in their published layouts, written here from the UN list's entries (no real EU or
// UK file is at hand; their parsers' field-by-field tests are in eu-uk-loaders.test.ts).
const xml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const UN_ENTITIES: AmlEntity[] = loadUnConsolidatedXml(UN.toString("utf8"));
const EU_FILE = Buffer.from(
  `<?xml version="1.0" encoding="UTF-8"?><export xmlns="http://eu.europa.ec/fpi/fsd/export">${UN_ENTITIES.map(
    (entity, i) =>
      `<sanctionEntity logicalId="${i + 1}"><subjectType code="${entity.schema === "Person" ? "person" : "enterprise"}"/>` +
      [...entity.names, ...entity.aliases]
        .map((name) => `<nameAlias wholeName="${xml(name)}" strong="true"/>`)
        .join("") +
      entity.birthDates.map((date) => `<birthdate birthdate="${date}"/>`).join("") +
      "</sanctionEntity>",
  ).join("\n")}</export>`,
);
const UK_FILE = Buffer.from(
  `<?xml version="1.0" encoding="utf-8"?><Designations>${UN_ENTITIES.map(
    (entity, i) =>
      `<Designation><UniqueID>UN${i}</UniqueID><IndividualEntityShip>${entity.schema === "Person" ? "Individual" : "Entity"}</IndividualEntityShip><Names>` +
      entity.names
        .slice(0, 1)
        .map((name) => `<Name><Name6>${xml(name)}</Name6><NameType>Primary Name</NameType></Name>`)
        .join("") +
      "</Names></Designation>",
  ).join("\n")}</Designations>`,
);

interface Status {
  lists: {
    source: string;
    origin: string;
    entities: number;
    etag: string | null;
    version: string | null;
    as_of: string;
    last_error: string | null;
  }[];
}

describe("kyc aml sync against a local list server", () => {
  let t: TestApp;
  let tenant: TestTenant;
  let server: Server;
  let base: string;
  const seen: { path: string; ifNoneMatch?: string }[] = [];

  before(async () => {
    server = createServer((request: IncomingMessage, response) => {
      const path = request.url ?? "/";
      seen.push({ path, ifNoneMatch: request.headers["if-none-match"] });
      const send = (body: Buffer, etag?: string) => {
        if (etag && request.headers["if-none-match"] === etag) {
          response.writeHead(304, { etag }).end();
          return;
        }
        response.writeHead(200, {
          "content-length": body.length,
          ...(etag ? { etag, "last-modified": "Fri, 03 May 2024 12:00:00 GMT" } : {}),
        });
        response.end(body);
      };
      if (path === "/sdn.csv") return send(OFAC, '"sdn-v1"');
      if (path === "/consolidated.xml") return send(UN, '"un-v1"');
      if (path === "/moved") return response.writeHead(302, { location: "/consolidated.xml" }).end();
      if (path === "/ftm.json") return send(FTM);
      if (path === "/eu.xml") return send(EU_FILE);
      if (path === "/uk.xml") return send(UK_FILE);
      if (path === "/cut.csv") {
        // Declares the whole file, sends a third of it, then drops the connection.
        response.writeHead(200, { "content-length": OFAC.length });
        response.write(OFAC.subarray(0, Math.floor(OFAC.length / 3)));
        setTimeout(() => response.socket?.destroy(), 20);
        return;
      }
      if (path === "/few.csv") return send(OFAC.subarray(0, OFAC.indexOf("\n", 20_000) + 1));
      if (path === "/error-page.xml")
        return send(Buffer.from("<html><body>Service unavailable</body></html>"));
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // This test's list server is on loopback: private targets are allowed here only.
    t = await createTestApp({ ALLOW_PRIVATE_TARGETS: "true" });
    tenant = await t.tenant({ features: "all" });
  });
  after(async () => {
    await t?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  const sync = (args: string[]) => runOperatorCommand(t.services, ["aml", "sync", ...args]);
  const status = async () => (await runOperatorCommand(t.services, ["aml", "status"])) as Status;
  const list = async (source: string) => (await status()).lists.find((row) => row.source === source);

  test("a sync downloads, validates and stores the list with its ETag, and screening uses it", async () => {
    const result = (await sync(["us_ofac_sdn", "--url", `${base}/sdn.csv`])) as {
      outcomes: { status: string; entities: number }[];
    };
    assert.equal(result.outcomes[0]?.status, "loaded", JSON.stringify(result.outcomes));
    assert.ok((result.outcomes[0]?.entities ?? 0) > 14_000);
    const row = await list("us_ofac_sdn");
    assert.equal(row?.origin, "sync");
    assert.equal(row?.etag, '"sdn-v1"');
    assert.equal(row?.version, "Fri, 03 May 2024 12:00:00 GMT");
    const check = await t.app.inject({
      method: "POST",
      url: "/v3/tools/aml-check/",
      headers: tenant.headers,
      payload: { full_name: "Hasan Nasrallah" },
    });
    assert.equal(check.json().risk_level, "high", check.body);
  });

  test("a second sync sends If-None-Match; a 304 keeps the data and makes the list fresh again", async () => {
    const before = await list("us_ofac_sdn");
    await new Promise((resolve) => setTimeout(resolve, 20));
    const result = (await sync(["us_ofac_sdn", "--url", `${base}/sdn.csv`])) as {
      outcomes: { status: string }[];
    };
    assert.equal(result.outcomes[0]?.status, "unchanged");
    assert.equal(seen.at(-1)?.ifNoneMatch, '"sdn-v1"');
    const after = await list("us_ofac_sdn");
    assert.equal(after?.entities, before?.entities);
    assert.ok(new Date(after!.as_of) > new Date(before!.as_of));
  });

  test("a download cut short never replaces the stored list; the error is recorded", async () => {
    const before = await list("us_ofac_sdn");
    const result = (await sync(["us_ofac_sdn", "--url", `${base}/cut.csv`])) as {
      outcomes: { status: string; error: string }[];
    };
    assert.equal(result.outcomes[0]?.status, "failed");
    assert.match(result.outcomes[0]?.error ?? "", /cut/);
    const after = await list("us_ofac_sdn");
    assert.equal(after?.entities, before?.entities);
    assert.match(after?.last_error ?? "", /cut/);
  });

  test("a complete file with far fewer entries than the list is refused as truncated", async () => {
    const before = await list("us_ofac_sdn");
    const result = (await sync(["us_ofac_sdn", "--url", `${base}/few.csv`])) as {
      outcomes: { status: string; error: string }[];
    };
    assert.equal(result.outcomes[0]?.status, "failed");
    assert.match(result.outcomes[0]?.error ?? "", /entities/);
    assert.equal((await list("us_ofac_sdn"))?.entities, before?.entities);
  });

  test("a redirect is followed and the UN list records its own dateGenerated as version", async () => {
    const result = (await sync(["un_sc_sanctions", "--url", `${base}/moved`])) as {
      outcomes: { status: string }[];
    };
    assert.equal(result.outcomes[0]?.status, "loaded");
    const row = await list("un_sc_sanctions");
    assert.equal(row?.version, "2020-11-30T20:31:19.923-05:00");
    assert.ok((row?.entities ?? 0) > 900);
  });

  test("an error page in place of the list is refused and the UN list stays", async () => {
    const result = (await sync(["un_sc_sanctions", "--url", `${base}/error-page.xml`])) as {
      outcomes: { status: string }[];
    };
    assert.equal(result.outcomes[0]?.status, "failed");
    assert.ok(((await list("un_sc_sanctions"))?.entities ?? 0) > 900);
  });

  test("an FtM export from an operator URL loads with its own datasets", async () => {
    const result = (await sync(["ftm", "--url", `${base}/ftm.json`])) as { outcomes: { status: string }[] };
    assert.equal(result.outcomes[0]?.status, "loaded", JSON.stringify(result.outcomes));
    assert.ok((await status()).lists.some((row) => row.origin === "sync" && row.source !== "us_ofac_sdn"));
  });

  test("the EU and UK lists load through sync in their own layouts, as datasets of their own", async () => {
    for (const [key, file] of [
      ["eu_fsf", "eu.xml"],
      ["gb_fcdo_sanctions", "uk.xml"],
    ] as const) {
      const result = (await sync([key, "--url", `${base}/${file}`])) as { outcomes: { status: string }[] };
      assert.equal(result.outcomes[0]?.status, "loaded", JSON.stringify(result.outcomes));
      assert.equal((await list(key))?.entities, UN_ENTITIES.length);
    }
  });

  test("a UK file served where the EU list is expected is refused and keeps the EU data", async () => {
    const result = (await sync(["eu_fsf", "--url", `${base}/uk.xml`])) as { outcomes: { status: string }[] };
    assert.equal(result.outcomes[0]?.status, "failed");
    assert.equal((await list("eu_fsf"))?.entities, UN_ENTITIES.length);
  });

  test("an unknown source is a validation error naming the known ones", async () => {
    await assert.rejects(
      sync(["nowhere"]),
      (error: unknown) => error instanceof AppError && /us_ofac_sdn/.test(error.message),
    );
  });

  test("without ALLOW_PRIVATE_TARGETS a list URL on a private address is refused (SSRF-safe client)", async () => {
    const source = listSources().find((candidate) => candidate.key === "un_sc_sanctions")!;
    const outcome = await syncListSource(
      { db: t.services.db, log: pino({ level: "silent" }), config: { allowPrivateTargets: false } },
      source,
      { url: `${base}/consolidated.xml` },
    );
    assert.equal(outcome.status, "failed");
    assert.match((outcome as { error: string }).error, /refused|blocked/);
  });

  test("kyc aml sources lists the registry with formats, licences and which are parsed", async () => {
    const sources = (await runOperatorCommand(t.services, ["aml", "sources"])) as {
      key: string;
      parsed: boolean;
      licence: string;
    }[];
    const parsed = Object.fromEntries(sources.map((source) => [source.key, source.parsed]));
    assert.deepEqual(parsed, {
      us_ofac_sdn: true,
      us_ofac_cons: true,
      un_sc_sanctions: true,
      eu_fsf: true,
      gb_fcdo_sanctions: true,
      ftm: true,
    });
    assert.ok(sources.every((source) => source.licence.length > 0));
  });
});
