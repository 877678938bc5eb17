// Operator passwords never need to be on the command line (shell history, `ps`): `kyc operator create` reads
// one from a hidden prompt on a terminal, or from stdin when it is piped (`printf '%s' "$PW" | kyc …`).
import { createInterface } from "node:readline";

export async function readPassword(prompt = "Password: "): Promise<string> {
  if (!process.stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks)
      .toString("utf8")
      .replace(/\r?\n$/, "");
  }
  process.stderr.write(prompt);
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  // Echo nothing of what is typed: readline writes through _writeToOutput, muted here.
  (rl as unknown as { _writeToOutput: (text: string) => void })._writeToOutput = () => {};
  try {
    return await new Promise<string>((resolve) => rl.question("", resolve));
  } finally {
    rl.close();
    process.stderr.write("\n");
  }
}
