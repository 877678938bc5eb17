// The default media store: files under one directory (DATA_DIR/media). Writes go to a temporary name
// first and are renamed into place, so a reader never sees half a file.
import { createWriteStream } from "node:fs";
import { mkdir, open, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import { pipeline } from "node:stream/promises";
import { newToken } from "../ids.js";
import type { MediaStore } from "./media-store.js";
import { assertStorePath } from "./store-path.js";

export function createDirectoryStore(root: string): MediaStore {
  const base = resolve(root);
  const fileOf = (path: string) => {
    assertStorePath(path);
    const full = resolve(join(base, path));
    if (!full.startsWith(base + sep)) throw new Error("media path escapes the store");
    return full;
  };
  const writeAtomically = async (path: string, write: (temporary: string) => Promise<void>) => {
    const file = fileOf(path);
    await mkdir(dirname(file), { recursive: true });
    const temporary = `${file}.${newToken(6)}.part`;
    try {
      await write(temporary);
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  };
  return {
    put(path, bytes) {
      return writeAtomically(path, (temporary) => writeFile(temporary, bytes));
    },
    putStream(path, body, size) {
      return writeAtomically(path, async (temporary) => {
        await pipeline(body, createWriteStream(temporary));
        const actual = (await stat(temporary)).size;
        if (actual !== size) throw new Error(`media stream was ${actual} bytes, expected ${size}`);
      });
    },
    async get(path) {
      try {
        return await readFile(fileOf(path));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async open(path) {
      let handle: Awaited<ReturnType<typeof open>>;
      try {
        handle = await open(fileOf(path), "r");
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
      try {
        const { size } = await handle.stat();
        return { body: handle.createReadStream(), size };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },
    async delete(path) {
      await rm(fileOf(path), { force: true });
    },
    async close() {},
  };
}
