// Loads every area's operator commands into the admin dispatcher (one explicit list).
import "./admin-commands.js";
import "./aml-commands.js";
import "../webhooks/webhook-commands.js";
import "../verify/workflows/workflow-commands.js";
import "../partner/flows/flow-commands.js";
import "../verify/sessions/review-commands.js";
import "../verify/branding-commands.js";
import "../console/operator-commands.js";
import "../identities/retention-commands.js";
