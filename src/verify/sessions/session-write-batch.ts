// Group commit of session creates: while one transaction writes a tenant's new sessions, the creates that
// arrive queue up, and the next transaction writes all of them with the same few multi-row statements
// (session-rows.ts). One create alone is written at once, exactly as before; under concurrency the tenant's
// row lock (its balance) is taken once per batch instead of once per session.
// Each session is still all-or-nothing: when a batch's transaction fails (a balance that covers only some
// of them, a constraint), nothing of it is kept and every create of the batch is written again on its own,
// so each gets the answer it would have had alone.
import type { Db } from "../../platform/db/database.js";
import { insertSessionRows, type SessionWrite, type WrittenSession } from "./session-rows.js";

/** Creates per transaction at most (statement size stays well under the protocol's 65,535 parameters). */
const MAX_BATCH = 64;

interface Pending {
  write: SessionWrite;
  resolve: (written: WrittenSession) => void;
  reject: (error: unknown) => void;
}

interface TenantQueue {
  waiting: Pending[];
  running: boolean;
}

const QUEUES = new WeakMap<Db, Map<string, TenantQueue>>();

/** Writes one new session (rows and debit) in a transaction it may share with the tenant's other creates. */
export function writeSessionBatched(db: Db, write: SessionWrite): Promise<WrittenSession> {
  let tenants = QUEUES.get(db);
  if (!tenants) {
    tenants = new Map();
    QUEUES.set(db, tenants);
  }
  let queue = tenants.get(write.tenantId);
  if (!queue) {
    queue = { waiting: [], running: false };
    tenants.set(write.tenantId, queue);
  }
  const promise = new Promise<WrittenSession>((resolve, reject) => {
    queue.waiting.push({ write, resolve, reject });
  });
  if (!queue.running) void drain(db, tenants, write.tenantId, queue);
  return promise;
}

async function drain(db: Db, tenants: Map<string, TenantQueue>, tenantId: string, queue: TenantQueue) {
  queue.running = true;
  try {
    while (queue.waiting.length > 0) await runBatch(db, tenantId, takeBatch(queue));
  } finally {
    queue.running = false;
    if (queue.waiting.length === 0) tenants.delete(tenantId);
  }
}

/** The oldest creates, one per end user (one statement cannot upsert an identity twice); others wait. */
function takeBatch(queue: TenantQueue): Pending[] {
  const batch: Pending[] = [];
  const rest: Pending[] = [];
  const users = new Set<string>();
  for (const pending of queue.waiting) {
    const user = pending.write.vendorData;
    if (batch.length >= MAX_BATCH || (user !== null && users.has(user))) rest.push(pending);
    else {
      if (user !== null) users.add(user);
      batch.push(pending);
    }
  }
  queue.waiting = rest;
  return batch;
}

async function runBatch(db: Db, tenantId: string, batch: Pending[]): Promise<void> {
  const writes = batch.map((pending) => pending.write);
  try {
    const written = await writeStatement(db, tenantId, writes);
    for (const [i, pending] of batch.entries()) pending.resolve(written[i]!);
    return;
  } catch (error) {
    if (batch.length === 1) {
      batch[0]!.reject(error);
      return;
    }
  }
  // The shared transaction rolled back: each create alone, so one's failure is not another's.
  for (const pending of batch) {
    try {
      const [written] = await writeStatement(db, tenantId, [pending.write]);
      pending.resolve(written!);
    } catch (error) {
      pending.reject(error);
    }
  }
}

/** One statement, so one round trip that commits by itself (session-rows.ts). */
function writeStatement(db: Db, tenantId: string, writes: SessionWrite[]): Promise<WrittenSession[]> {
  return insertSessionRows(db, tenantId, writes, { debit: true });
}
