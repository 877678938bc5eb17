// A real SMTP server on loopback (the smtp-server package) that keeps every message it accepts, and a small
// MIME reader for the parts the tests look at (headers, the text/plain part). Independent of nodemailer.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  text: string;
}

export interface SmtpInbox {
  url: string;
  mails: ReceivedMail[];
  /** Resolves with the next mail (or the n-th, counting from 1), waiting up to 5 s. */
  waitFor(count: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startSmtpInbox(): Promise<SmtpInbox> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          subject: decodeWords(header(raw, "subject")),
          text: textPart(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitFor(count) {
      const deadline = Date.now() + 5000;
      while (mails.length < count) {
        if (Date.now() > deadline) throw new Error(`no mail #${count} within 5 s`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return mails[count - 1]!;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function header(block: string, name: string): string {
  const head = block.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name}:`));
  return line ? line.slice(name.length + 1).trim() : "";
}

/** RFC 2047 encoded words (B and Q). */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_m, _charset, kind: string, data: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : Buffer.from(
            data
              .replace(/_/g, " ")
              .replace(/=([0-9A-F]{2})/gi, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            "latin1",
          ).toString("utf8"),
    );
}

function textPart(raw: string): string {
  const type = header(raw, "content-type");
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  const parts = boundary ? raw.split(`--${boundary}`) : [raw];
  const part = parts.find((p) => /content-type:\s*text\/plain/i.test(p.split(/\r?\n\r?\n/)[0] ?? ""));
  if (!part) return "";
  const body = part
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join("\n\n")
    .trim();
  const encoding = header(part.trimStart(), "content-transfer-encoding").toLowerCase();
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") {
    const bytes = body
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}

/** The six-digit code in a message. */
export function codeIn(text: string): string {
  const match = /\b(\d{6})\b/.exec(text);
  if (!match) throw new Error(`no code in: ${text}`);
  return match[1]!;
}
