import { z } from "zod";

export const issuedKeySchema = z
  .object({ key_id: z.string(), api_key: z.string() })
  .describe("The raw key is shown once; only its SHA-256 and prefix are stored.");
