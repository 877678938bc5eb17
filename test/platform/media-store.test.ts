// The media store contract, run against both backends: the directory store and an S3-compatible bucket
// (a real s3rver on loopback). Same bytes back, streamed both ways; missing is null.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { after, before, describe, test } from "node:test";
import { loadConfig } from "../../src/config.js";
import { createMediaStore, type MediaStore, parseS3Location } from "../../src/platform/media/media-store.js";
import { startS3Server, type TestS3Server } from "../support/s3-server.js";

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

function storeContract(name: string, open: () => Promise<{ store: MediaStore; done(): Promise<void> }>) {
  describe(`media store contract: ${name}`, () => {
    let store: MediaStore;
    let done: () => Promise<void>;
    before(async () => {
      ({ store, done } = await open());
    });
    after(() => done());

    test("put then get and open return the same bytes", async () => {
      const bytes = randomBytes(300_000);
      await store.put("t1/selfie/a.jpg", bytes);
      assert.deepEqual(await store.get("t1/selfie/a.jpg"), bytes);
      const file = await store.open("t1/selfie/a.jpg");
      assert.ok(file);
      assert.equal(file.size, bytes.length);
      assert.deepEqual(await readAll(file.body), bytes);
    });

    test("a streamed write stores exactly the streamed bytes", async () => {
      const bytes = randomBytes(200_003);
      const chunks = [bytes.subarray(0, 65_536), bytes.subarray(65_536, 150_000), bytes.subarray(150_000)];
      await store.putStream("t1/video/b.webm", Readable.from(chunks), bytes.length);
      assert.deepEqual(await store.get("t1/video/b.webm"), bytes);
    });

    test("a missing file is null for get and open; deleting it is not an error", async () => {
      assert.equal(await store.get("t1/selfie/none.jpg"), null);
      assert.equal(await store.open("t1/selfie/none.jpg"), null);
      await store.delete("t1/selfie/none.jpg");
    });

    test("delete removes the file", async () => {
      await store.put("t1/thumb/c.jpg", Buffer.from("thumb"));
      await store.delete("t1/thumb/c.jpg");
      assert.equal(await store.get("t1/thumb/c.jpg"), null);
    });

    test("a path that would leave the store is refused", async () => {
      for (const path of ["../x.jpg", "t1/../../x.jpg", "/abs.jpg", "t1//x.jpg"]) {
        await assert.rejects(store.put(path, Buffer.from("x")), /escapes the store/, path);
      }
    });
  });
}

storeContract("directory", async () => {
  const root = mkdtempSync(join(tmpdir(), "kyc-media-"));
  return {
    store: createMediaStore(`file://${root}`, { region: "us-east-1", forcePathStyle: false }),
    async done() {
      rmSync(root, { recursive: true, force: true });
    },
  };
});

storeContract("s3 (s3rver)", async () => {
  const s3 = await startS3Server();
  const config = loadConfig({ NODE_ENV: "test", ...s3.env("evidence/node") });
  const store = createMediaStore(config.mediaStore, config.s3);
  return {
    store,
    async done() {
      await store.close();
      await s3.close();
    },
  };
});

describe("s3 media store", () => {
  let s3: TestS3Server;
  before(async () => {
    s3 = await startS3Server();
  });
  after(() => s3.close());

  test("objects are written under the configured prefix of the bucket", async () => {
    const config = loadConfig({ NODE_ENV: "test", ...s3.env("kyc/prod") });
    const store = createMediaStore(config.mediaStore, config.s3);
    await store.put("abcd1234/selfie/x.jpg", Buffer.from("jpeg"));
    await store.close();
    const keys = readdirSync(join(s3.directory, s3.bucket), { recursive: true }).map(String);
    assert.ok(
      keys.some((key) => key.startsWith(join("kyc", "prod", "abcd1234", "selfie", "x.jpg"))),
      keys.join(", "),
    );
    // Another prefix is another store: it does not see the file.
    const other = loadConfig({ NODE_ENV: "test", ...s3.env("kyc/staging") });
    const otherStore = createMediaStore(other.mediaStore, other.s3);
    assert.equal(await otherStore.get("abcd1234/selfie/x.jpg"), null);
    await otherStore.close();
  });

  test("the credentials come from config: an unknown access key cannot write", async () => {
    const config = loadConfig({ NODE_ENV: "test", ...s3.env("p"), AWS_ACCESS_KEY_ID: "AKIAUNKNOWN" });
    const store = createMediaStore(config.mediaStore, config.s3);
    await assert.rejects(store.put("t/selfie/y.jpg", Buffer.from("x")), /Access Key Id/i);
    await store.close();
  });

  test("a bucket that does not exist fails loudly instead of reading as a missing file", async () => {
    const config = loadConfig({ NODE_ENV: "test", ...s3.env("p"), MEDIA_STORE: "s3://no-such-bucket/p" });
    const store = createMediaStore(config.mediaStore, config.s3);
    await assert.rejects(store.get("t/selfie/y.jpg"), /bucket/i);
    await store.close();
  });
});

describe("MEDIA_STORE configuration", () => {
  test("s3://bucket/prefix is parsed into bucket and prefix", () => {
    assert.deepEqual(parseS3Location("s3://kyc-media/a/b/"), { bucket: "kyc-media", prefix: "a/b" });
    assert.deepEqual(parseS3Location("s3://kyc-media"), { bucket: "kyc-media", prefix: "" });
  });

  test("an unknown scheme or a bad bucket name stops the start naming MEDIA_STORE", () => {
    for (const value of ["gs://bucket/x", "s3://", "s3://UPPER/x", "http://host/x"]) {
      assert.throws(() => loadConfig({ MEDIA_STORE: value }), /MEDIA_STORE/, value);
    }
  });

  test("an access key without its secret is refused", () => {
    assert.throws(() => loadConfig({ AWS_ACCESS_KEY_ID: "AKIA" }), /AWS_SECRET_ACCESS_KEY/);
  });

  test("path-style, region and endpoint come from S3_* variables", () => {
    const config = loadConfig({
      MEDIA_STORE: "s3://media/x",
      S3_ENDPOINT: "http://minio.internal:9000",
      S3_REGION: "eu-central-1",
      S3_FORCE_PATH_STYLE: "true",
    });
    assert.deepEqual(config.s3, {
      endpoint: "http://minio.internal:9000",
      region: "eu-central-1",
      forcePathStyle: true,
      credentials: undefined,
    });
  });
});
