// CLI output: `--json` prints the result as JSON (for scripts); otherwise readable `key: value` lines.
export function printResult(result: unknown, json: boolean): void {
  if (json) {
    console.log(JSON.stringify(result, null, 2));
    return;
  }
  if (Array.isArray(result)) {
    for (const item of result) {
      printResult(item, false);
      console.log("");
    }
    return;
  }
  if (result && typeof result === "object") {
    for (const [key, value] of Object.entries(result)) {
      console.log(
        `${key}: ${typeof value === "object" && value !== null ? JSON.stringify(value) : String(value)}`,
      );
    }
    return;
  }
  console.log(String(result));
}
