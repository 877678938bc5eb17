// Credits of one tenant (admins): the balance, credits spent per day and per feature over a window (inline SVG
// bars), and the ledger (every debit, refund and top-up) filtered by UTC day.
import { useEffect, useState } from "preact/hooks";
import { api } from "./api.js";
import { DataTable } from "./data-table.js";
import { ErrorLine, TextField } from "./form-field.js";
import { dateTime, label } from "./format.js";
import { problem, TenantPicker } from "./tenant-picker.js";
import { DayBars, FeatureBars } from "./usage-charts.js";
import { useTenants } from "./use-tenants.js";

interface Usage {
  balance: string;
  days: number;
  by_day: { day: string; credits: number; entries: number }[];
  by_feature: { feature: string; credits: number; entries: number }[];
}

interface LedgerRow {
  id: string;
  delta: string;
  reason: string;
  feature: string;
  session_id: string;
  created_at: string;
}

interface LedgerPage {
  count: number;
  page: number;
  page_size: number;
  results: LedgerRow[];
}

export function CreditsPage() {
  const { tenants, tenantId, setTenantId, error: tenantError } = useTenants();
  const [days, setDays] = useState(30);
  const [usage, setUsage] = useState<Usage | null>(null);
  const [ledger, setLedger] = useState<LedgerPage | null>(null);
  const [since, setSince] = useState("");
  const [until, setUntil] = useState("");
  const [page, setPage] = useState(1);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!tenantId) return;
    api<Usage>("GET", `/tenants/${tenantId}/credits/usage?days=${days}`)
      .then(setUsage)
      .catch((failure) => setError(problem(failure, "Usage could not be loaded.")));
  }, [tenantId, days]);

  async function loadLedger(at = page) {
    if (!tenantId) return;
    const query = new URLSearchParams({ page: String(at), page_size: "50" });
    if (since) query.set("since", since);
    if (until) query.set("until", until);
    try {
      setLedger(await api<LedgerPage>("GET", `/tenants/${tenantId}/credits/ledger?${query}`));
      setPage(at);
      setError(null);
    } catch (failure) {
      setError(problem(failure, "The ledger could not be loaded."));
    }
  }
  useEffect(() => {
    void loadLedger(1);
  }, [tenantId]);

  const pages = ledger ? Math.max(1, Math.ceil(ledger.count / ledger.page_size)) : 1;
  return (
    <section>
      <h1>Credits and usage</h1>
      <ErrorLine message={error ?? tenantError} />
      <div class="filters">
        <TenantPicker tenants={tenants} tenantId={tenantId} onChange={setTenantId} />
        <div class="field">
          <label for="usage-days">Window</label>
          <select
            id="usage-days"
            value={days}
            onChange={(event) => setDays(Number(event.currentTarget.value))}
          >
            <option value={7}>7 days</option>
            <option value={30}>30 days</option>
            <option value={90}>90 days</option>
          </select>
        </div>
        {usage && (
          <p class="balance">
            Balance: <strong data-testid="balance">{usage.balance}</strong> credits
          </p>
        )}
      </div>
      {usage && (
        <div class="usage-grid">
          <div class="card">
            <h2>Spent per day (UTC)</h2>
            <DayBars rows={usage.by_day} />
          </div>
          <div class="card">
            <h2>Spent per feature, last {usage.days} days</h2>
            {usage.by_feature.length === 0 ? (
              <p class="muted">Nothing spent in this window.</p>
            ) : (
              <FeatureBars rows={usage.by_feature} />
            )}
          </div>
        </div>
      )}
      <h2>Ledger</h2>
      <form
        class="filters"
        onSubmit={(event) => {
          event.preventDefault();
          void loadLedger(1);
        }}
      >
        <TextField id="ledger-since" label="Since" type="date" value={since} onValue={setSince} />
        <TextField id="ledger-until" label="Until" type="date" value={until} onValue={setUntil} />
        <div class="field">
          <button type="submit" class="secondary">
            Filter
          </button>
        </div>
      </form>
      <DataTable
        rows={ledger?.results ?? []}
        rowKey={(row) => row.id}
        columns={[
          { label: "When", cell: (row) => dateTime(row.created_at) },
          {
            label: "Change",
            class: "mono",
            cell: (row) => <span class={row.delta.startsWith("-") ? undefined : "ok"}>{row.delta}</span>,
          },
          { label: "Reason", cell: (row) => label(row.reason) },
          { label: "Feature", cell: (row) => row.feature || "-" },
          { label: "Session", class: "mono", cell: (row) => row.session_id || "-" },
        ]}
      />
      {ledger && (
        <div class="filters pager">
          <button
            type="button"
            class="secondary"
            disabled={page <= 1}
            onClick={() => void loadLedger(page - 1)}
          >
            Previous
          </button>
          <span>
            Page {page} of {pages} · {ledger.count} rows
          </span>
          <button
            type="button"
            class="secondary"
            disabled={page >= pages}
            onClick={() => void loadLedger(page + 1)}
          >
            Next
          </button>
        </div>
      )}
    </section>
  );
}
