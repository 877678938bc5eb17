// Evidence bytes live in a media store (design: Processes and scale): a local directory by default, any
// S3-compatible bucket with MEDIA_STORE=s3://bucket/prefix. Paths are opaque, unguessable keys; the
// tenant check happens on the media_objects row, not here.
import type { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { createDirectoryStore } from "./directory-store.js";
import { createS3Store, type S3Settings } from "./s3-store.js";

/** A stored file opened for streaming; `size` in bytes. */
export interface MediaFile {
  body: Readable;
  size: number;
}

export interface MediaStore {
  put(path: string, bytes: Buffer): Promise<void>;
  /** Streams `size` bytes into the store without holding them in memory (S3 needs the length first). */
  putStream(path: string, body: Readable, size: number): Promise<void>;
  /** The whole file, for engines that decode it; null when missing. */
  get(path: string): Promise<Buffer | null>;
  /** The file as a stream, for responses; null when missing. */
  open(path: string): Promise<MediaFile | null>;
  /** Removes the file; a missing file is not an error. */
  delete(path: string): Promise<void>;
  close(): Promise<void>;
}

/** `location` is MEDIA_STORE (validated by config): file://dir, a plain directory, or s3://bucket/prefix. */
export function createMediaStore(location: string, s3: Omit<S3Settings, "bucket" | "prefix">): MediaStore {
  if (location.startsWith("s3://")) {
    const { bucket, prefix } = parseS3Location(location);
    return createS3Store({ ...s3, bucket, prefix });
  }
  if (location.startsWith("file://")) return createDirectoryStore(fileURLToPath(location));
  return createDirectoryStore(location);
}

/** s3://bucket/some/prefix → bucket "bucket", prefix "some/prefix" (no slashes at either end). */
export function parseS3Location(location: string): { bucket: string; prefix: string } {
  const rest = location.slice("s3://".length);
  const slash = rest.indexOf("/");
  const bucket = slash === -1 ? rest : rest.slice(0, slash);
  const prefix = slash === -1 ? "" : rest.slice(slash + 1).replace(/^\/+|\/+$/g, "");
  return { bucket, prefix };
}
