// Every console change writes an audit row with the operator as actor, in the change's transaction
// (style habit 5). Domain functions that audit themselves take `actor` instead and are not wrapped.
import type { AuditEntry } from "../platform/audit.js";
import { recordAudit } from "../platform/audit.js";
import { type Tx, withTransaction } from "../platform/db/transaction.js";
import type { Services } from "../services.js";
import type { OperatorContext } from "./operator-tokens.js";

type ConsoleAudit = Omit<AuditEntry, "actor">;

export function auditedChange<T>(
  services: Services,
  operator: OperatorContext,
  audit: ConsoleAudit | ((result: NoInfer<T>) => ConsoleAudit),
  change: (tx: Tx) => Promise<T>,
): Promise<T> {
  return withTransaction(services.db, async (tx) => {
    const result = await change(tx);
    const entry = typeof audit === "function" ? audit(result) : audit;
    await recordAudit(tx, { ...entry, actor: operator.actor });
    return result;
  });
}
