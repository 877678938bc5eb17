// The audit log (admins): every audited change, newest first; filter by operator, action and day; paged.
import { useEffect, useState } from "preact/hooks";
import { api } from "./api.js";
import { DataTable } from "./data-table.js";
import { ErrorLine, Field, TextField } from "./form-field.js";
import { dateTime, label } from "./format.js";
import { Pager } from "./pager.js";
import { onLinkClick, sessionPath } from "./router.js";

interface AuditEntry {
  id: string;
  created_at: string;
  actor: string;
  action: string;
  target: string;
  tenant_id: string | null;
  tenant_name: string | null;
  data: Record<string, unknown>;
}

const PAGE_SIZE = 50;
const ACTIONS = [
  "",
  "session",
  "api_key",
  "tenant",
  "operator",
  "identity",
  "workflow",
  "webhook",
  "retention",
  "console",
];

export function AuditPage() {
  const [operators, setOperators] = useState<string[]>([]);
  const [actor, setActor] = useState("");
  const [action, setAction] = useState("");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [offset, setOffset] = useState(0);
  const [page, setPage] = useState<{ entries: AuditEntry[]; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    api<{ email: string }[]>("GET", "/operators")
      .then((rows) => setOperators(rows.map((row) => row.email)))
      .catch(() => setOperators([]));
  }, []);

  useEffect(() => setOffset(0), [actor, action, from, to]);

  useEffect(() => {
    const query = new URLSearchParams({ limit: String(PAGE_SIZE), offset: String(offset) });
    if (actor) query.set("actor", actor);
    if (action.trim()) query.set("action", action.trim());
    if (from) query.set("from", from);
    if (to) query.set("to", to);
    let current = true;
    api<{ entries: AuditEntry[]; total: number }>("GET", `/audit-log?${query}`)
      .then((result) => {
        if (!current) return;
        setPage(result);
        setError(null);
      })
      .catch(() => current && setError("The audit log could not be loaded."));
    return () => {
      current = false;
    };
  }, [actor, action, from, to, offset]);

  return (
    <section>
      <h1>Audit log</h1>
      <form class="filters" aria-label="Filter the audit log" onSubmit={(event) => event.preventDefault()}>
        <div class="field">
          <label for="audit-actor">Operator</label>
          <select id="audit-actor" value={actor} onChange={(event) => setActor(event.currentTarget.value)}>
            <option value="">anyone</option>
            <option value="system">the service (system)</option>
            {operators.map((email) => (
              <option key={email} value={`operator:${email}`}>
                {email}
              </option>
            ))}
          </select>
        </div>
        <Field id="audit-action" label="Action" grow>
          <input
            id="audit-action"
            list="audit-actions"
            placeholder="e.g. session.review or session"
            value={action}
            onInput={(event) => setAction(event.currentTarget.value)}
          />
          <datalist id="audit-actions">
            {ACTIONS.filter(Boolean).map((value) => (
              <option key={value} value={value} />
            ))}
          </datalist>
        </Field>
        <TextField id="audit-from" label="From" type="date" value={from} onValue={setFrom} />
        <TextField id="audit-to" label="To" type="date" value={to} onValue={setTo} />
      </form>
      <ErrorLine message={error} />
      {page === null ? (
        <p>Loading…</p>
      ) : page.entries.length === 0 ? (
        <p class="empty">No entries match.</p>
      ) : (
        <>
          <DataTable
            rows={page.entries}
            rowKey={(entry) => entry.id}
            caption="Audit entries, newest first"
            rowAttributes={(entry) => ({ "data-action": entry.action })}
            class="audit"
            columns={[
              { label: "When", cell: (entry) => dateTime(entry.created_at) },
              { label: "Who", cell: (entry) => entry.actor.replace(/^operator:/, "") },
              {
                label: "Action",
                cell: (entry) => <span class="chip">{label(entry.action)}</span>,
              },
              { label: "Tenant", cell: (entry) => entry.tenant_name ?? "-" },
              {
                label: "Target",
                class: "mono muted",
                cell: (entry) =>
                  entry.action.startsWith("session.") && entry.tenant_id && entry.target ? (
                    <a href={sessionPath(entry.tenant_id, entry.target)} onClick={onLinkClick}>
                      {entry.target}
                    </a>
                  ) : (
                    entry.target || "-"
                  ),
              },
              {
                label: "Details",
                class: "mono details",
                cell: (entry) => (Object.keys(entry.data).length ? JSON.stringify(entry.data) : ""),
              },
            ]}
          />
          <Pager offset={offset} pageSize={PAGE_SIZE} total={page.total} onOffset={setOffset} />
        </>
      )}
    </section>
  );
}
