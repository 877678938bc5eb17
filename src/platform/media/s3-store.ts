// Evidence in any S3-compatible bucket (AWS S3, MinIO, Ceph RGW, Garage, R2…) with @aws-sdk/client-s3, so
// every API node and worker reads what any other wrote. Bodies stream both ways: a response pipes the
// object's body, a streamed write sends its bytes with their length up front.
import type { Readable } from "node:stream";
import type { S3Client } from "@aws-sdk/client-s3";
import type { MediaStore } from "./media-store.js";
import { assertStorePath } from "./store-path.js";

export interface S3Settings {
  bucket: string;
  /** Key prefix inside the bucket ("" = the bucket's root). */
  prefix: string;
  /** S3_ENDPOINT: an S3-compatible server's URL; unset = AWS for the region. */
  endpoint?: string;
  region: string;
  /** S3_FORCE_PATH_STYLE: http://host/bucket/key instead of http://bucket.host/key (most self-hosted servers). */
  forcePathStyle: boolean;
  /** Unset: the SDK's default chain (instance or task role, shared profile). */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

export function createS3Store(settings: S3Settings): MediaStore {
  // The SDK is loaded on first use: a node on the directory store never pays for importing it at start.
  let connected: Promise<{ client: S3Client; sdk: typeof import("@aws-sdk/client-s3") }> | null = null;
  const connect = () => {
    connected ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: settings.region,
        endpoint: settings.endpoint,
        forcePathStyle: settings.forcePathStyle,
        credentials: settings.credentials,
        // Checksums only where S3 requires them: the SDK's default (a CRC32 trailer in an aws-chunked body)
        // is not understood by several S3-compatible servers, which would store the chunk framing as the object.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
      }),
    }));
    return connected;
  };
  const Bucket = settings.bucket;
  const keyOf = (path: string) => {
    assertStorePath(path);
    return settings.prefix ? `${settings.prefix}/${path}` : path;
  };
  const openObject = async (path: string) => {
    const Key = keyOf(path);
    const { client, sdk } = await connect();
    try {
      const object = await client.send(new sdk.GetObjectCommand({ Bucket, Key }));
      return object.Body ? { body: object.Body as Readable, size: object.ContentLength ?? 0 } : null;
    } catch (error) {
      if (isMissing(sdk, error)) return null;
      throw error;
    }
  };
  const putObject = async (path: string, Body: Buffer | Readable, ContentLength: number) => {
    const Key = keyOf(path);
    const { client, sdk } = await connect();
    await client.send(new sdk.PutObjectCommand({ Bucket, Key, Body, ContentLength }));
  };
  return {
    put: (path, bytes) => putObject(path, bytes, bytes.length),
    putStream: putObject,
    async get(path) {
      const file = await openObject(path);
      if (!file) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of file.body as AsyncIterable<Buffer>) chunks.push(chunk);
      return Buffer.concat(chunks);
    },
    open: openObject,
    async delete(path) {
      const Key = keyOf(path);
      const { client, sdk } = await connect();
      // DeleteObject succeeds for a missing key, as the directory store's rm({force}) does.
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key }));
    },
    async close() {
      if (connected) (await connected).client.destroy();
    },
  };
}

function isMissing(sdk: typeof import("@aws-sdk/client-s3"), error: unknown): boolean {
  if (error instanceof sdk.NoSuchKey) return true;
  // A missing bucket is a misconfiguration, not a missing file: it fails loudly.
  return (
    error instanceof sdk.S3ServiceException &&
    error.$metadata.httpStatusCode === 404 &&
    error.name !== "NoSuchBucket"
  );
}
