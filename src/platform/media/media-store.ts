// Evidence bytes live in a media store (design: Processes and scale): a local directory by default.
// Paths are opaque, unguessable keys; the tenant check happens on the media_objects row, not here.
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

export interface MediaStore {
  put(path: string, bytes: Buffer): Promise<void>;
  get(path: string): Promise<Buffer | null>;
  delete(path: string): Promise<void>;
}

export function createMediaStore(location: string): MediaStore {
  if (location.startsWith("file://")) return createDirectoryStore(fileURLToPath(location));
  if (location.startsWith("s3://")) {
    throw new Error("MEDIA_STORE=s3://… is not available in this build; use a file:// directory.");
  }
  return createDirectoryStore(location);
}

function createDirectoryStore(root: string): MediaStore {
  const base = resolve(root);
  const fileOf = (path: string) => {
    const full = resolve(join(base, path));
    if (!full.startsWith(base + sep)) throw new Error("media path escapes the store");
    return full;
  };
  return {
    async put(path, bytes) {
      const file = fileOf(path);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, bytes);
    },
    async get(path) {
      try {
        return await readFile(fileOf(path));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(path) {
      await rm(fileOf(path), { force: true });
    },
  };
}
