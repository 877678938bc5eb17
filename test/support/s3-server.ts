// A real S3-compatible server for tests and the multi-node run: s3rver (npm), started in this process on a
// free loopback port with its objects in a temporary directory. It knows one access key (S3RVER) and refuses
// others; it does not verify SigV4 signatures themselves (README: Media store).
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;

// s3rver is CommonJS without type declarations.
const S3rver = createRequire(import.meta.url)("s3rver") as S3rverClass;

/** s3rver's fixed credentials. */
export const S3_ACCESS_KEY_ID = "S3RVER";
export const S3_SECRET_ACCESS_KEY = "S3RVER";

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** Where s3rver keeps the objects (its layout: <bucket>/<key>._S3rver_object). */
  directory: string;
  /** The environment a kyc process needs to keep its media in this bucket under `prefix`. */
  env(prefix: string): Record<string, string>;
  close(): Promise<void>;
}

export async function startS3Server(bucket = "kyc-media"): Promise<TestS3Server> {
  const directory = mkdtempSync(join(tmpdir(), "kyc-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    bucket,
    directory,
    env: (prefix) => ({
      MEDIA_STORE: `s3://${bucket}/${prefix}`,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_FORCE_PATH_STYLE: "true",
      AWS_ACCESS_KEY_ID: S3_ACCESS_KEY_ID,
      AWS_SECRET_ACCESS_KEY: S3_SECRET_ACCESS_KEY,
    }),
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
