// The mandatory transaction helper: a change, its debit, its audit row and its outbox row commit together.
import type { Transaction } from "kysely";
import type { Db } from "./database.js";
import type { Database } from "./schema.js";

export type Tx = Transaction<Database>;
/** Anything that can run queries: the database or an open transaction. */
export type Queryable = Db | Tx;

export function withTransaction<T>(db: Queryable, work: (tx: Tx) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db as Tx);
  return (db as Db).transaction().execute(work);
}
