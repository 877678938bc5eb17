// Finished identity imports, notified in the console only (spec: Events — "operator notifications for a
// finished import are console-only"). The header shows how many are new; the imports page lists them.
import { useEffect, useState } from "preact/hooks";
import { api } from "./api.js";
import { dateTime } from "./format.js";

export interface ImportNotice {
  batch_id: string;
  tenant_id: string;
  tenant_name: string;
  status: "completed" | "failed";
  source_system: string;
  total: number;
  failed: number;
  error: string;
  finished_at: string;
}

const listeners = new Set<(notices: ImportNotice[]) => void>();

/** Polls the notices every 20 s; every component using it sees the same list. */
export function useImportNotices() {
  const [notices, setNotices] = useState<ImportNotice[]>([]);
  useEffect(() => {
    listeners.add(setNotices);
    void refreshImportNotices();
    const timer = setInterval(() => void refreshImportNotices(), 20_000);
    return () => {
      listeners.delete(setNotices);
      clearInterval(timer);
    };
  }, []);
  return notices;
}

export async function refreshImportNotices(): Promise<void> {
  const answer = await api<{ imports: ImportNotice[] }>("GET", "/notifications").catch(() => null);
  if (answer) for (const listener of listeners) listener(answer.imports);
}

export function ImportNoticeList({ notices }: { notices: ImportNotice[] }) {
  if (notices.length === 0) return null;
  return (
    <div class="card notices" role="status" aria-live="polite">
      <h2>Finished imports</h2>
      <ul>
        {notices.map((notice) => (
          <li key={notice.batch_id} data-notice={notice.batch_id}>
            <span>
              <strong>{notice.tenant_name}</strong>: import from {notice.source_system}{" "}
              {notice.status === "failed" ? `stopped (${notice.error})` : "finished"} on{" "}
              {dateTime(notice.finished_at)} · {notice.total} rows, {notice.failed} with errors
            </span>
            <button
              type="button"
              class="secondary"
              onClick={() =>
                void api("POST", `/notifications/imports/${notice.batch_id}/dismiss`).then(
                  refreshImportNotices,
                )
              }
            >
              Dismiss
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
