// The review queue: held sessions across tenants, oldest first, with why they are held and how long they have
// waited; search by vendor_data or session id, filter by status and creation day; paged. Identities flagged by
// ongoing AML monitoring follow (flags-section.tsx).
import { useEffect, useState } from "preact/hooks";
import { apiPage } from "./api.js";
import { DataTable } from "./data-table.js";
import { FlagsSection } from "./flags-section.js";
import { ErrorLine, TextField } from "./form-field.js";
import { ageSince, dateTime, label } from "./format.js";
import { Pager } from "./pager.js";
import { onLinkClick, sessionPath } from "./router.js";

interface QueueEntry {
  session_id: string;
  tenant_id: string;
  tenant_name: string;
  status: string;
  vendor_data: string | null;
  reasons: string[];
  created_at: string;
  updated_at: string;
}

const STATUSES = [
  "in_review",
  "resubmitted",
  "in_progress",
  "not_started",
  "approved",
  "declined",
  "abandoned",
  "expired",
  "any",
];

const PAGE_SIZE = 50;

export function QueuePage() {
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState("in_review");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [entries, setEntries] = useState<QueueEntry[] | null>(null);
  const [total, setTotal] = useState(0);
  const [offset, setOffset] = useState(0);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => setOffset(0), [search, status, from, to]);

  useEffect(() => {
    const query = new URLSearchParams({ status, limit: String(PAGE_SIZE), offset: String(offset) });
    if (search.trim()) query.set("search", search.trim());
    if (from) query.set("created_from", from);
    if (to) query.set("created_to", to);
    let current = true;
    const timer = setTimeout(() => {
      apiPage<QueueEntry>(`/review-queue?${query}`)
        .then((page) => {
          if (!current) return;
          setEntries(page.rows);
          setTotal(page.total);
          setError(null);
        })
        .catch(() => current && setError("The queue could not be loaded."));
    }, 200);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [search, status, from, to, offset]);

  return (
    <section>
      <h1>Review queue</h1>
      <form class="filters" aria-label="Filter sessions" onSubmit={(event) => event.preventDefault()}>
        <TextField
          id="search"
          label="Search"
          grow
          type="search"
          placeholder="vendor_data or session id"
          value={search}
          onValue={setSearch}
        />
        <div class="field">
          <label for="status">Status</label>
          <select id="status" value={status} onChange={(event) => setStatus(event.currentTarget.value)}>
            {STATUSES.map((value) => (
              <option key={value} value={value}>
                {value === "any" ? "any status" : label(value)}
              </option>
            ))}
          </select>
        </div>
        <TextField id="from" label="Created from" type="date" value={from} onValue={setFrom} />
        <TextField id="to" label="Created to" type="date" value={to} onValue={setTo} />
      </form>
      <ErrorLine message={error} />
      {entries === null ? (
        <p>Loading…</p>
      ) : entries.length === 0 ? (
        <p class="empty">No sessions match.</p>
      ) : (
        <DataTable
          rows={entries}
          rowKey={(entry) => entry.session_id}
          caption="Sessions, oldest first"
          rowAttributes={(entry) => ({ "data-session-id": entry.session_id })}
          columns={[
            {
              label: "Session",
              cell: (entry) => (
                <>
                  <a href={sessionPath(entry.tenant_id, entry.session_id)} onClick={onLinkClick}>
                    {entry.vendor_data || "(no vendor_data)"}
                  </a>
                  <div class="mono muted">{entry.session_id}</div>
                </>
              ),
            },
            { label: "Tenant", cell: (entry) => entry.tenant_name },
            {
              label: "Status",
              cell: (entry) => <span class={`badge ${entry.status}`}>{label(entry.status)}</span>,
            },
            {
              label: "Reasons",
              cell: (entry) =>
                entry.reasons.length === 0
                  ? "-"
                  : entry.reasons.map((reason) => (
                      <span key={reason} class="chip">
                        {label(reason)}
                      </span>
                    )),
            },
            { label: "Waiting", cell: (entry) => ageSince(entry.updated_at) },
            { label: "Created", cell: (entry) => dateTime(entry.created_at) },
          ]}
        />
      )}
      <Pager offset={offset} pageSize={PAGE_SIZE} total={total} onOffset={setOffset} />
      <FlagsSection search={search} />
    </section>
  );
}
