// The only module that reads process.env (style: config is validated once).
import { resolve } from "node:path";
import { z } from "zod";

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no", ""])
  .optional()
  .transform((value) => value === "true" || value === "1" || value === "yes");

const perMinute = (fallback: number) => z.coerce.number().int().min(1).max(1_000_000).default(fallback);

const envSchema = z.object({
  NODE_ENV: z.string().default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  // design: Defaults — HOST=127.0.0.1 for `npm start`; containers set HOST=0.0.0.0 explicitly.
  HOST: z.string().min(1).default("127.0.0.1"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/)
    .optional(),
  REDIS_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  PUBLIC_URL: z.string().url().optional(),
  FLOW_URL: z.string().url().optional(),
  // file:///dir, a plain directory, or s3://bucket[/prefix] (design: Processes and scale).
  MEDIA_STORE: z
    .string()
    .refine(
      (value) =>
        !value.includes("://") || /^(file:\/\/\/|s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/|$))/.test(value),
      {
        message: "file:///directory, a directory path, or s3://bucket/prefix",
      },
    )
    .optional(),
  S3_ENDPOINT: optionalUrl(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_FORCE_PATH_STYLE: booleanFlag,
  AWS_ACCESS_KEY_ID: z.string().min(1).optional(),
  AWS_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  AWS_SESSION_TOKEN: z.string().min(1).optional(),
  ALLOW_PRIVATE_TARGETS: booleanFlag,
  IMPORT_ALLOW_HTTP: booleanFlag,
  /** Load the face models and the OCR worker right after `kyc start`/`serve` listen (default true). */
  WARM_ENGINES: z.enum(["true", "false"]).default("true"),
  // Whose X-Forwarded-For is believed for the client address (IP_ANALYSIS): off, true (any peer), or a
  // comma-separated list of proxy addresses/CIDRs.
  TRUST_PROXY: z.string().optional(),
  LENS_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // Design: rate limits per tenant per minute.
  RATE_LIMIT_KYC_V3_TOOLS: perMinute(120),
  RATE_LIMIT_KYC_V3_READ: perMinute(1200),
  RATE_LIMIT_KYC_V3_SESSION_CREATE: perMinute(300),
  RATE_LIMIT_KYC_V3_MEDIA: perMinute(600),
  RATE_LIMIT_PARTNER_READ: perMinute(600),
  RATE_LIMIT_APPLICANT_STEPS: perMinute(30),
  SESSION_TOKEN_KEY: z
    .string()
    .min(32)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  JOB_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(500),
  AML_PROVIDER: z.enum(["builtin", "yente"]).default("builtin"),
  YENTE_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  YENTE_DATASET: z.string().min(1).default("default"),
  // design: OTP steps — email over SMTP, SMS through a signed webhook or a Twilio-compatible API.
  SMTP_URL: optionalUrl(),
  SMTP_FROM: z.string().min(3).optional(),
  SMS_WEBHOOK_URL: optionalUrl(),
  SMS_WEBHOOK_SECRET: z.string().min(16).optional(),
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_FROM: z.string().min(1).optional(),
  TWILIO_BASE_URL: z.string().url().default("https://api.twilio.com"),
  // Issue 14: results warn when a stored list is older than this (hours).
  AML_MAX_LIST_AGE_HOURS: z.coerce.number().min(1).max(100_000).default(48),
  // Load the dated list snapshot shipped in lists/ when the database holds no list (default on; tests off).
  AML_SNAPSHOT: z.enum(["on", "off", ""]).optional(),
  // How often a node on a shared PostgreSQL server looks for a list load made through another process.
  AML_RELOAD_CHECK_MS: z.coerce.number().int().min(200).max(3_600_000).default(60_000),
  // The daily `kyc aml sync` job (default on; tests off).
  AML_SYNC_DAILY: z.enum(["on", "off", ""]).optional(),
  // FtM/OpenSanctions export the operator may sync (`kyc aml sync ftm`); its licence is the operator's affair.
  AML_FTM_URL: optionalUrl(),
  // Issue 17: STUN/TURN servers for video calls, a JSON array of RTCIceServer objects (default none: host
  // candidates only, enough on one network and in tests).
  VIDEO_ICE_SERVERS: z.string().default("[]"),
  // Seconds without a sign of the applicant (their signalling socket) before an open call is abandoned.
  VIDEO_PRESENCE_TIMEOUT_S: z.coerce.number().int().min(5).max(3600).default(45),
  // Seconds after a call ends within which the agent's browser must finish uploading the recording.
  VIDEO_RECORDING_TIMEOUT_S: z.coerce.number().int().min(10).max(86_400).default(300),
});

const iceServerSchema = z.array(
  z.strictObject({
    urls: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
    username: z.string().optional(),
    credential: z.string().optional(),
  }),
);
export type IceServer = z.infer<typeof iceServerSchema>[number];

function optionalUrl() {
  return z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined));
}

export type RateBucket =
  | "kyc_v3_tools"
  | "kyc_v3_read"
  | "kyc_v3_session_create"
  | "kyc_v3_media"
  | "partner_read";

export interface Config {
  env: string;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL schema to use (tests isolate runs this way); default `public`. */
  databaseSchema?: string;
  redisUrl?: string;
  publicUrl: string;
  flowUrl: string;
  mediaStore: string;
  /** How the s3:// media store connects (unused for a directory store). */
  s3: {
    endpoint?: string;
    region: string;
    forcePathStyle: boolean;
    credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  };
  allowPrivateTargets: boolean;
  importAllowHttp: boolean;
  /** WARM_ENGINES: load models at start rather than on the first verification. */
  warmEngines: boolean;
  /** Fastify's trustProxy: false (default), true, or proxy addresses/CIDRs. */
  trustProxy: boolean | string[];
  /** Whole-exchange limit of one lens upstream call (502 upstream_failed past it). */
  lensTimeoutMs: number;
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  rateLimits: Record<RateBucket, number>;
  jobPollMs: number;
  /** Applicant calls that change a session (steps, consent, finish) per session token per minute. */
  applicantStepsPerMinute: number;
  /** Key the session URL tokens are derived from; a file in DATA_DIR when unset (applicant/session-token.ts). */
  sessionTokenKey?: string;
  /** AML screening engine: the built-in index over the stored lists, or a yente server. */
  amlProvider: "builtin" | "yente";
  yenteUrl?: string;
  yenteDataset: string;
  /** Email for OTP steps; unset = no email channel (NODE_ENV=development logs to the outbox instead). */
  smtpUrl?: string;
  smtpFrom: string;
  smsWebhookUrl?: string;
  smsWebhookSecret?: string;
  twilio?: { baseUrl: string; accountSid: string; authToken: string; from: string };
  /** Video calls (issue 17): ICE servers handed to both browsers, and the sweeps' limits in seconds. */
  video: { iceServers: IceServer[]; presenceTimeoutS: number; recordingTimeoutS: number };
  /** Hours after which a stored list raises `aml_lists_stale` in results. */
  amlMaxListAgeHours: number;
  /** Whether the shipped snapshot is loaded when no list is stored (AML_SNAPSHOT; off by default under test). */
  amlSnapshot: boolean;
  /** How often (ms) a node on a shared PostgreSQL server checks for a newer list load (AML_RELOAD_CHECK_MS). */
  amlReloadCheckMs: number;
  /** Whether the daily job downloads the default list sources (AML_SYNC_DAILY; off by default under test). */
  amlSyncDaily: boolean;
  /** An FtM entities export URL for `kyc aml sync ftm` (AML_FTM_URL). */
  amlFtmUrl?: string;
}

export class ConfigError extends Error {}

/** Validates the environment once; throws ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  }
  const e = parsed.data;
  if (e.AML_PROVIDER === "yente" && !e.YENTE_URL) {
    throw new ConfigError("Invalid configuration:\n  YENTE_URL: required when AML_PROVIDER=yente");
  }
  if (e.SMS_WEBHOOK_URL && !e.SMS_WEBHOOK_SECRET) {
    throw new ConfigError(
      "Invalid configuration:\n  SMS_WEBHOOK_SECRET: required when SMS_WEBHOOK_URL is set",
    );
  }
  const twilioSet = [e.TWILIO_ACCOUNT_SID, e.TWILIO_AUTH_TOKEN, e.TWILIO_FROM].filter(Boolean).length;
  if (twilioSet !== 0 && twilioSet !== 3) {
    throw new ConfigError(
      "Invalid configuration:\n  TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM: set all three or none",
    );
  }
  if (Boolean(e.AWS_ACCESS_KEY_ID) !== Boolean(e.AWS_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      "Invalid configuration:\n  AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY: set both or neither",
    );
  }
  const dataDir = resolve(e.DATA_DIR);
  const publicUrl = trimSlash(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseSchema: e.DATABASE_SCHEMA,
    redisUrl: e.REDIS_URL,
    publicUrl,
    flowUrl: trimSlash(e.FLOW_URL ?? publicUrl),
    mediaStore: e.MEDIA_STORE ?? `file://${resolve(dataDir, "media")}`,
    s3: {
      endpoint: e.S3_ENDPOINT,
      region: e.S3_REGION,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
      credentials: e.AWS_ACCESS_KEY_ID
        ? {
            accessKeyId: e.AWS_ACCESS_KEY_ID,
            secretAccessKey: e.AWS_SECRET_ACCESS_KEY!,
            sessionToken: e.AWS_SESSION_TOKEN,
          }
        : undefined,
    },
    allowPrivateTargets: e.ALLOW_PRIVATE_TARGETS,
    importAllowHttp: e.IMPORT_ALLOW_HTTP,
    warmEngines: e.WARM_ENGINES === "true",
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    lensTimeoutMs: e.LENS_TIMEOUT_MS,
    logLevel: e.LOG_LEVEL,
    rateLimits: {
      kyc_v3_tools: e.RATE_LIMIT_KYC_V3_TOOLS,
      kyc_v3_read: e.RATE_LIMIT_KYC_V3_READ,
      kyc_v3_session_create: e.RATE_LIMIT_KYC_V3_SESSION_CREATE,
      kyc_v3_media: e.RATE_LIMIT_KYC_V3_MEDIA,
      partner_read: e.RATE_LIMIT_PARTNER_READ,
    },
    jobPollMs: e.JOB_POLL_MS,
    applicantStepsPerMinute: e.RATE_LIMIT_APPLICANT_STEPS,
    sessionTokenKey: e.SESSION_TOKEN_KEY,
    amlProvider: e.AML_PROVIDER,
    yenteUrl: e.YENTE_URL,
    yenteDataset: e.YENTE_DATASET,
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM ?? `no-reply@${new URL(publicUrl).hostname}`,
    smsWebhookUrl: e.SMS_WEBHOOK_URL,
    smsWebhookSecret: e.SMS_WEBHOOK_SECRET,
    twilio: e.TWILIO_ACCOUNT_SID
      ? {
          baseUrl: e.TWILIO_BASE_URL,
          accountSid: e.TWILIO_ACCOUNT_SID,
          authToken: e.TWILIO_AUTH_TOKEN!,
          from: e.TWILIO_FROM!,
        }
      : undefined,
    amlMaxListAgeHours: e.AML_MAX_LIST_AGE_HOURS,
    amlSnapshot: e.AML_SNAPSHOT ? e.AML_SNAPSHOT === "on" : e.NODE_ENV !== "test",
    amlReloadCheckMs: e.AML_RELOAD_CHECK_MS,
    amlSyncDaily: e.AML_SYNC_DAILY ? e.AML_SYNC_DAILY === "on" : e.NODE_ENV !== "test",
    amlFtmUrl: e.AML_FTM_URL,
    video: {
      iceServers: parseIceServers(e.VIDEO_ICE_SERVERS),
      presenceTimeoutS: e.VIDEO_PRESENCE_TIMEOUT_S,
      recordingTimeoutS: e.VIDEO_RECORDING_TIMEOUT_S,
    },
  };
}

function parseIceServers(text: string): IceServer[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ConfigError("Invalid configuration:\n  VIDEO_ICE_SERVERS: not JSON");
  }
  const result = iceServerSchema.safeParse(parsed);
  if (!result.success) {
    throw new ConfigError(
      "Invalid configuration:\n  VIDEO_ICE_SERVERS: a JSON array of {urls, username?, credential?}",
    );
  }
  return result.data;
}

function trimSlash(url: string): string {
  return url.endsWith("/") ? url.slice(0, -1) : url;
}

/** `TRUST_PROXY`: unset/false/0 → false; true/yes/1 → true; else proxy addresses or CIDRs. */
function parseTrustProxy(value: string | undefined): boolean | string[] {
  const text = (value ?? "").trim().toLowerCase();
  if (text === "" || text === "false" || text === "no" || text === "0") return false;
  if (text === "true" || text === "yes" || text === "1") return true;
  return text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
}
