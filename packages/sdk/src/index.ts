export { createKycClient, type KycClient, type KycClientOptions } from "./client.js";
export type { components, operations, paths, webhooks } from "./schema.js";
export {
  type ApplicationWebhook,
  isSessionWebhook,
  type MonitoringFlaggedWebhook,
  type SessionWebhook,
  type VerifyWebhookOptions,
  verifyWebhook,
  type WebhookFailure,
  type WebhookPayload,
  WebhookVerificationError,
} from "./verify-webhook.js";
