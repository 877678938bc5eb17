// Shapes the console's video-call routes share.
import { z } from "zod";
import { tenantParams } from "../console-schemas.js";

export const callParams = tenantParams.extend({ call_id: z.string() });

export const callSchema = z.object({
  id: z.string(),
  session_id: z.string(),
  status: z.enum(["waiting", "ringing", "active", "completed", "abandoned"]),
  verdict: z.enum(["pass", "fail"]).nullable(),
  verdict_reason: z.string().nullable(),
  taken_by_me: z.boolean(),
  applicant_present: z.boolean().describe("The applicant's signalling socket is connected to this server."),
  recording_status: z.enum(["pending", "ready", "failed"]).nullable(),
  recording_url: z.string().nullable().describe("The console's media route for the WebM, once ready."),
  screenshots: z.array(z.object({ label: z.string(), captured_at: z.string(), url: z.string() })),
  ice_servers: z.array(z.record(z.string(), z.unknown())),
});
