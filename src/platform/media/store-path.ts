// One rule for both media stores, so an evidence path means the same file or object in either.

/** Store paths are relative, with no empty, `.` or `..` segment (they never escape the root or prefix). */
export function assertStorePath(path: string): void {
  if (path.includes("\\") || path.split("/").some((part) => part === "" || part === "." || part === "..")) {
    throw new Error("media path escapes the store");
  }
}
