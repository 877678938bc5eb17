// Identity imports of one tenant (admins): upload a CSV or JSON file, follow each batch's progress (polled
// while it runs), read the rows that failed and why, and see the console-only notice when a batch finishes.
import { useEffect, useState } from "preact/hooks";
import { api } from "./api.js";
import { DataTable } from "./data-table.js";
import { ErrorLine, TextField } from "./form-field.js";
import { dateTime } from "./format.js";
import { rowsFromFile } from "./import-file.js";
import { ImportNoticeList, refreshImportNotices, useImportNotices } from "./import-notices.js";
import { problem, TenantPicker } from "./tenant-picker.js";
import { useTenants } from "./use-tenants.js";

interface Batch {
  batch_id: string;
  status: "pending" | "running" | "completed" | "failed";
  source_system: string;
  total: number;
  processed: number;
  created: number;
  updated: number;
  skipped: number;
  failed: number;
  error: string;
  created_at: string;
  finished_at: string | null;
}

interface Row {
  row: number;
  external_user_id: string;
  status: string;
  detail: string;
  message: string;
}

function RowErrors({ tenantId, batch }: { tenantId: string; batch: Batch }) {
  const [rows, setRows] = useState<Row[]>([]);
  useEffect(() => {
    api<{ rows: Row[] }>(
      "GET",
      `/tenants/${tenantId}/imports/${batch.batch_id}?status=error,skipped&page_size=200`,
    )
      .then((answer) => setRows(answer.rows))
      .catch(() => setRows([]));
  }, [batch.batch_id, batch.processed]);
  return (
    <div class="card">
      <h2>Rows with errors or skipped · {batch.source_system}</h2>
      {rows.length === 0 ? (
        <p class="muted">None so far.</p>
      ) : (
        <DataTable
          rows={rows}
          rowKey={(row) => row.row}
          columns={[
            { label: "Row", cell: (row) => row.row },
            { label: "external_user_id", class: "mono", cell: (row) => row.external_user_id || "-" },
            { label: "Status", cell: (row) => row.status },
            {
              label: "Reason",
              cell: (row) => (
                <>
                  <code>{row.detail}</code> {row.message}
                </>
              ),
            },
          ]}
        />
      )}
    </div>
  );
}

export function ImportsPage() {
  const { tenants, tenantId, setTenantId, error: tenantError } = useTenants();
  const notices = useImportNotices();
  const [batches, setBatches] = useState<Batch[]>([]);
  const [chosen, setChosen] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [sourceSystem, setSourceSystem] = useState("");
  const [consent, setConsent] = useState("");
  const [onDuplicate, setOnDuplicate] = useState("report");
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  async function reload() {
    if (tenantId) setBatches(await api<Batch[]>("GET", `/tenants/${tenantId}/imports`));
  }
  useEffect(() => {
    setChosen(null);
    reload().catch(() => setMessage({ ok: false, text: "Imports could not be loaded." }));
  }, [tenantId]);

  const running = batches.some((batch) => batch.status === "pending" || batch.status === "running");
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      void reload().then(refreshImportNotices);
    }, 2000);
    return () => clearInterval(timer);
  }, [running, tenantId]);

  async function upload(event: Event) {
    event.preventDefault();
    setMessage(null);
    if (!file) return;
    try {
      const identities = rowsFromFile(file.name, await file.text());
      const created = await api<{ batch_id: string; total: number }>("POST", `/tenants/${tenantId}/imports`, {
        identities,
        source_system: sourceSystem,
        consent_reference: consent,
        on_duplicate: onDuplicate,
      });
      setMessage({ ok: true, text: `Import started: ${created.total} rows.` });
      setChosen(created.batch_id);
      await reload();
    } catch (failure) {
      setMessage({
        ok: false,
        text: problem(failure, failure instanceof Error ? failure.message : "The import was refused."),
      });
    }
  }

  const batch = batches.find((row) => row.batch_id === chosen);
  return (
    <section>
      <h1>Identity imports</h1>
      <ImportNoticeList notices={notices} />
      <ErrorLine message={tenantError} />
      <div class="filters">
        <TenantPicker tenants={tenants} tenantId={tenantId} onChange={setTenantId} />
      </div>
      <form class="card" onSubmit={(event) => void upload(event)}>
        {message && (
          <p class={message.ok ? "ok" : "error"} role={message.ok ? "status" : "alert"}>
            {message.text}
          </p>
        )}
        <label for="import-file">File (CSV with a header row, or JSON)</label>
        <input
          id="import-file"
          type="file"
          accept=".csv,.json,text/csv,application/json"
          onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
        />
        <p class="muted">
          Columns: external_user_id, photo_url (https), full_name, email, phone, country; at most 5000 rows.
        </p>
        <div class="filters">
          <TextField
            id="import-source"
            label="Source system"
            grow
            value={sourceSystem}
            onValue={setSourceSystem}
          />
          <TextField
            id="import-consent"
            label="Consent reference"
            grow
            value={consent}
            onValue={setConsent}
          />
          <div class="field">
            <label for="import-duplicate">On a duplicate face</label>
            <select
              id="import-duplicate"
              value={onDuplicate}
              onChange={(event) => setOnDuplicate(event.currentTarget.value)}
            >
              <option value="report">Import and report</option>
              <option value="skip">Skip the row</option>
              <option value="none">Do not check</option>
            </select>
          </div>
        </div>
        <div class="actions">
          <button type="submit" disabled={!file || !tenantId}>
            Start import
          </button>
        </div>
      </form>
      <DataTable
        rows={batches}
        rowKey={(row) => row.batch_id}
        rowAttributes={(row) => ({ "data-batch": row.batch_id })}
        columns={[
          { label: "Started", cell: (row) => dateTime(row.created_at) },
          { label: "Source", cell: (row) => row.source_system },
          {
            label: "Status",
            cell: (row) => (
              <>
                {row.status}
                {row.error && ` (${row.error})`}
              </>
            ),
          },
          {
            label: "Progress",
            cell: (row) => (
              <>
                <progress
                  max={Math.max(row.total, 1)}
                  value={row.processed}
                  aria-label={`${row.processed} of ${row.total} rows processed`}
                />{" "}
                {row.processed}/{row.total}
              </>
            ),
          },
          {
            label: "Created / updated / skipped / failed",
            cell: (row) => (
              <>
                {row.created} / {row.updated} / {row.skipped} / {row.failed}
              </>
            ),
          },
          {
            label: "Actions",
            cell: (row) => (
              <button type="button" class="secondary" onClick={() => setChosen(row.batch_id)}>
                Row errors
              </button>
            ),
          },
        ]}
      />
      {batch && <RowErrors key={batch.batch_id} tenantId={tenantId} batch={batch} />}
    </section>
  );
}
