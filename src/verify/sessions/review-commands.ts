// Operator review from the CLI (design: Operator CLI; the console offers the same through its own API):
// `kyc review resolve T SESSION_ID approved|declined [--reason R]` resolves a session held in review
// (spec: in_review → approved or declined, with its signed webhook), and `kyc session list T [STATUS]`
// shows the newest sessions so an operator can find the ones waiting.

import type { CommandTable } from "../../platform/commands/command-table.js";
import { withTransaction } from "../../platform/db/transaction.js";
import { AppError } from "../../platform/errors.js";
import { requireTenantId } from "../../platform/tenants/tenants.js";
import type { Services } from "../../services.js";
import { resolveReview } from "./record-review.js";
import { isSessionStatus } from "./session-states.js";

export const reviewCommands: CommandTable<Services> = {
  "review resolve": async (services, command) => {
    const [tenant, sessionId, decision] = command.positionals;
    if (!tenant || !sessionId || (decision !== "approved" && decision !== "declined")) {
      throw new AppError("validation_failed", {
        message: "Use: review resolve TENANT SESSION_ID approved|declined [--reason R]",
      });
    }
    const tenantId = requireTenantId(tenant);
    const reason = typeof command.flags.reason === "string" ? command.flags.reason : "";
    await withTransaction(services.db, (tx) =>
      resolveReview(
        tx,
        { tenantId, sessionId, reviewer: "operator", decision, reason },
        services.hooks.sessionStatusChanged,
      ),
    );
    return { session_id: sessionId, status: decision };
  },
  "session list": async (services, command) => {
    const [tenant, status] = command.positionals;
    const tenantId = requireTenantId(tenant ?? "");
    if (status !== undefined && !isSessionStatus(status)) {
      throw new AppError("invalid_status", { message: `Unknown status ${status}.` });
    }
    let query = services.db
      .selectFrom("sessions")
      .select(["id", "status", "decision", "vendor_data", "created_at", "completed_at"])
      .where("tenant_id", "=", tenantId)
      .where("deleted_at", "is", null);
    if (status) query = query.where("status", "=", status);
    const rows = await query.orderBy("created_at", "desc").orderBy("id", "desc").limit(100).execute();
    return rows.map((row) => ({
      ...row,
      created_at: row.created_at.toISOString(),
      completed_at: row.completed_at?.toISOString() ?? null,
    }));
  },
};
