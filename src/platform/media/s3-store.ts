// Evidence in any S3-compatible bucket (AWS S3, MinIO, Ceph RGW, Garage, R2…) with @aws-sdk/client-s3, so
// every API node and worker reads what any other wrote. Bodies stream both ways: a response pipes the
// object's body, a streamed write sends its bytes with their length up front.
import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
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
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // Checksums only where S3 requires them: the SDK's default (a CRC32 trailer in an aws-chunked body) is
    // not understood by several S3-compatible servers, which would store the chunk framing as the object.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = settings.bucket;
  const keyOf = (path: string) => {
    assertStorePath(path);
    return settings.prefix ? `${settings.prefix}/${path}` : path;
  };
  const openObject = async (path: string) => {
    try {
      const object = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(path) }));
      return object.Body ? { body: object.Body as Readable, size: object.ContentLength ?? 0 } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };
  return {
    async put(path, bytes) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: keyOf(path), Body: bytes, ContentLength: bytes.length }),
      );
    },
    async putStream(path, body, size) {
      await client.send(new PutObjectCommand({ Bucket, Key: keyOf(path), Body: body, ContentLength: size }));
    },
    async get(path) {
      const file = await openObject(path);
      if (!file) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of file.body as AsyncIterable<Buffer>) chunks.push(chunk);
      return Buffer.concat(chunks);
    },
    open: openObject,
    async delete(path) {
      // DeleteObject succeeds for a missing key, as the directory store's rm({force}) does.
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(path) }));
    },
    async close() {
      client.destroy();
    },
  };
}

function isMissing(error: unknown): boolean {
  if (error instanceof NoSuchKey) return true;
  // A missing bucket is a misconfiguration, not a missing file: it fails loudly.
  return (
    error instanceof S3ServiceException &&
    error.$metadata.httpStatusCode === 404 &&
    error.name !== "NoSuchBucket"
  );
}
