// Issue 22 finding 1: outbound requests (webhooks, import photos) must never reach a non-public address,
// whatever the spelling of the address or whatever a DNS name resolves to, and their failures must not
// tell a closed port from an open one.
import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, test } from "node:test";
import { fetchImportPhoto } from "../../src/identities/import/fetch-photo.js";
import { isPublicAddress } from "../../src/platform/net/public-address.js";
import {
  checkTarget,
  postToTarget,
  type ResolveHost,
  TargetRefusedError,
  TargetUnreachableError,
} from "../../src/platform/net/safe-request.js";
import { setWebhookUrl } from "../../src/platform/tenants/tenants.js";
import { deliverWebhookEvent } from "../../src/webhooks/deliver-event.js";
import { enqueueWebhookEvent } from "../../src/webhooks/enqueue-event.js";
import { createTestApp, type TestApp } from "../support/test-app.js";

/** Every spelling of a non-public destination we know of, as it appears in a URL host. */
export const PRIVATE_URL_HOSTS = [
  "127.0.0.1",
  "127.1",
  "0x7f.1",
  "2130706433",
  "0177.0.0.1",
  "0.0.0.0",
  "10.0.0.1",
  "172.16.5.4",
  "192.168.1.1",
  "169.254.169.254",
  "100.64.0.1",
  "198.18.0.1",
  "224.0.0.1",
  "255.255.255.255",
  "[::1]",
  "[::]",
  "[::ffff:127.0.0.1]",
  "[::ffff:7f00:1]",
  "[::ffff:a9fe:a9fe]",
  "[::ffff:10.0.0.1]",
  "[::ffff:c0a8:101]",
  "[::127.0.0.1]", // IPv4-compatible
  "[::7f00:1]",
  "[::ffff:0:7f00:1]", // SIIT
  "[64:ff9b::7f00:1]", // NAT64 well-known prefix to loopback
  "[64:ff9b::a9fe:a9fe]",
  "[64:ff9b:1::a00:1]", // NAT64 local-use prefix
  "[2002:7f00:1::1]", // 6to4 of 127.0.0.1
  "[2002:a9fe:a9fe::]",
  "[2002:c0a8:101::1]",
  "[2001:0:4136:e378:8000:63bf:80ff:fffe]", // Teredo
  "[fe80::1]",
  "[fc00::1]",
  "[fd12:3456::1]",
  "[ff02::1]",
  "[2001:db8::1]",
];

describe("address classification", () => {
  test("every private spelling is refused by checkTarget without any connection", async () => {
    for (const host of PRIVATE_URL_HOSTS) {
      await assert.rejects(
        checkTarget(`http://${host}:9/hook`, { allowPrivate: false }),
        (error: unknown) => error instanceof TargetRefusedError && error.reason === "blocked_address",
        host,
      );
    }
  });

  test("public addresses, and embedded forms of public IPv4, pass", () => {
    for (const address of [
      "93.184.215.14",
      "8.8.8.8",
      "2606:4700::6810:84e5",
      "::ffff:93.184.215.14",
      "64:ff9b::5db8:d70e", // NAT64 of 93.184.215.14 (DNS64 networks)
      "2002:5db8:d70e::1", // 6to4 of 93.184.215.14
    ]) {
      assert.equal(isPublicAddress(address), true, address);
    }
  });

  test("unparsable or zoned addresses are not public", () => {
    for (const address of ["", "localhost", "fe80::1%eth0", "1.2.3", "::ffff:1.2.3.4.5", "999.1.1.1"]) {
      assert.equal(isPublicAddress(address), false, address);
    }
  });
});

describe("DNS names resolving to private addresses (test resolver)", () => {
  const resolverFor =
    (...addresses: string[]): ResolveHost =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));

  test("a name whose answers include any non-public address is refused", async () => {
    for (const answers of [
      ["127.0.0.1"],
      ["::ffff:7f00:1"],
      ["::ffff:169.254.169.254"],
      ["64:ff9b::a00:1"],
      ["2002:a00:1::"],
      ["93.184.215.14", "10.0.0.1"], // one public answer does not launder a private one
      ["fd00::1", "2606:4700::6810:84e5"],
    ]) {
      await assert.rejects(
        checkTarget("https://photos.example.com/a.jpg", {
          allowPrivate: false,
          resolve: resolverFor(...answers),
        }),
        (error: unknown) => error instanceof TargetRefusedError && error.reason === "blocked_address",
        answers.join(","),
      );
    }
  });

  test("a name resolving only to public addresses is accepted and pinned to its first answer", async () => {
    const target = await checkTarget("https://photos.example.com/a.jpg", {
      allowPrivate: false,
      resolve: resolverFor("93.184.215.14", "2606:4700::6810:84e5"),
    });
    assert.equal(target.address, "93.184.215.14");
    assert.equal(target.family, 4);
  });

  test("a failing or empty resolution is dns_failed", async () => {
    for (const resolve of [
      resolverFor(),
      async () => {
        throw new Error("ENOTFOUND");
      },
    ]) {
      await assert.rejects(
        checkTarget("https://nowhere.example.com/", { allowPrivate: false, resolve }),
        (error: unknown) => error instanceof TargetRefusedError && error.reason === "dns_failed",
      );
    }
  });
});

describe("webhooks and import photos against a real loopback listener", () => {
  let t: TestApp;
  let server: Server;
  let port: number;
  let contacted = 0;

  before(async () => {
    t = await createTestApp(); // ALLOW_PRIVATE_TARGETS off, as in production
    server = createServer((_request, response) => {
      contacted += 1;
      response.end("ok");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  });

  test("a signed webhook to [::ffff:7f00:1] (the URL parser's [::ffff:127.0.0.1]) is never delivered", async () => {
    for (const host of ["[::ffff:127.0.0.1]", "[::ffff:7f00:1]", "[64:ff9b::7f00:1]", "[2002:7f00:1::]"]) {
      const tenant = await t.tenant();
      await setWebhookUrl(t.services.db, tenant.tenant_id, `http://${host}:${port}/hook`);
      const id = await enqueueWebhookEvent(t.services.db, {
        tenantId: tenant.tenant_id,
        eventType: "identity.kyc.session.approved",
        payload: { session_id: "s-1" },
      });
      assert.equal(await deliverWebhookEvent(t.services, id), "failed", host);
      const row = await t.services.db
        .selectFrom("webhook_events")
        .select("last_error")
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      assert.match(row.last_error ?? "", /^blocked_address\b/, host);
    }
    assert.equal(contacted, 0);
  });

  test("an import photo on an IPv4-mapped loopback address is blocked_address, not fetched", async () => {
    for (const host of ["[::ffff:7f00:1]", "[::ffff:a9fe:a9fe]", "[::ffff:10.0.0.1]"]) {
      await assert.rejects(
        fetchImportPhoto(`https://${host}:${port}/photo.jpg`, { allowPrivate: false, allowHttp: false }),
        (error: Error & { detail?: string }) => error.detail === "blocked_address",
        host,
      );
    }
    assert.equal(contacted, 0);
  });

  test("the connected address is checked again: a target pinned to loopback is refused at connect", async () => {
    const before = contacted;
    const forged = {
      url: new URL(`http://public.example.com:${port}/hook`),
      address: "127.0.0.1",
      family: 4 as const,
      allowPrivate: false,
    };
    await assert.rejects(
      postToTarget(forged, "{}", {}, 2000),
      (error: unknown) => error instanceof TargetRefusedError && error.reason === "blocked_address",
    );
    assert.equal(contacted, before, "the request reached the listener");
  });
});

describe("failures do not reveal reachability", () => {
  let plain: Server;
  let openPort: number;
  let closedPort: number;

  before(async () => {
    plain = createServer((_request, response) => response.end("not tls"));
    await new Promise<void>((resolve) => plain.listen(0, "127.0.0.1", resolve));
    openPort = (plain.address() as AddressInfo).port;
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    closedPort = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
  });
  after(async () => {
    plain.closeAllConnections();
    await new Promise((resolve) => plain.close(resolve));
  });

  test("a closed port and a TLS handshake failure give the same webhook error", async () => {
    const messages: string[] = [];
    for (const url of [`https://127.0.0.1:${closedPort}/`, `https://127.0.0.1:${openPort}/`]) {
      const target = await checkTarget(url, { allowPrivate: true });
      const error = await postToTarget(target, "{}", {}, 5000).then(
        () => assert.fail("delivered"),
        (caught: unknown) => caught,
      );
      assert.ok(error instanceof TargetUnreachableError, String(error));
      messages.push((error as Error).message);
    }
    assert.equal(messages[0], messages[1]);
    assert.doesNotMatch(messages[0]!, /ECONN|TLS|SSL|EPROTO|wrong version/i);
  });

  test("a closed port and a TLS handshake failure give the same import row message", async () => {
    const failures: { detail?: string; message: string }[] = [];
    for (const url of [`https://127.0.0.1:${closedPort}/a.jpg`, `https://127.0.0.1:${openPort}/a.jpg`]) {
      const error = (await fetchImportPhoto(url, { allowPrivate: true, allowHttp: false }).then(
        () => assert.fail("fetched"),
        (caught: unknown) => caught,
      )) as { detail?: string; message: string };
      failures.push({ detail: error.detail, message: error.message });
    }
    assert.deepEqual(failures[0], failures[1]);
    assert.equal(failures[0]!.detail, "fetch_failed");
  });
});
