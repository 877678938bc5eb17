// Tenants (admins): every tenant with status and balance; create one (its API key and signing secrets are
// shown once); suspend (its keys stop working at once) and resume.
import { useEffect, useState } from "preact/hooks";
import { api } from "./api.js";
import { DataTable } from "./data-table.js";
import { ErrorLine, TextField } from "./form-field.js";
import { dateTime } from "./format.js";

interface TenantRow {
  id: string;
  name: string;
  status: "active" | "suspended";
  balance: string;
  created_at: string;
}

interface CreatedTenant {
  tenant_id: string;
  api_key: string;
  jwt_signing_secret: string;
  webhook_signing_secret: string;
}

export function TenantsPage() {
  const [rows, setRows] = useState<TenantRow[]>([]);
  const [name, setName] = useState("");
  const [credits, setCredits] = useState("");
  const [created, setCreated] = useState<CreatedTenant | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function reload() {
    setRows(await api<TenantRow[]>("GET", "/tenants"));
  }

  useEffect(() => {
    reload().catch(() => setError("Tenants could not be loaded."));
  }, []);

  async function create(event: Event) {
    event.preventDefault();
    setError(null);
    try {
      const body = credits.trim() ? { name, credits: credits.trim() } : { name };
      setCreated(await api<CreatedTenant>("POST", "/tenants", body));
      setName("");
      setCredits("");
      await reload();
    } catch {
      setError("The tenant could not be created (credits must be a non-negative decimal).");
    }
  }

  async function setStatus(row: TenantRow, verb: "suspend" | "resume") {
    if (verb === "suspend" && !confirm(`Suspend ${row.name}? Its API keys stop working at once.`)) return;
    setError(null);
    try {
      await api("POST", `/tenants/${row.id}/${verb}`);
      await reload();
    } catch {
      setError(`The tenant could not be ${verb === "suspend" ? "suspended" : "resumed"}.`);
    }
  }

  return (
    <section>
      <h1>Tenants</h1>
      <ErrorLine message={error} />
      <form class="filters" onSubmit={(event) => void create(event)} aria-label="Create a tenant">
        <TextField
          id="tenant-name"
          label="Name"
          grow
          required
          maxLength={200}
          value={name}
          onValue={setName}
        />
        <TextField
          id="tenant-credits"
          label="Opening credits"
          inputMode="decimal"
          placeholder="0"
          value={credits}
          onValue={setCredits}
        />
        <div class="field">
          <button type="submit">Create tenant</button>
        </div>
      </form>
      {created && (
        <div class="card issued" role="status">
          <p>
            <strong>Copy these now: they are not shown again.</strong>
          </p>
          <table class="kv">
            <tbody>
              <tr>
                <th scope="row">API key</th>
                <td>
                  <code class="mono">{created.api_key}</code>
                </td>
              </tr>
              <tr>
                <th scope="row">JWT signing secret</th>
                <td>
                  <code class="mono">{created.jwt_signing_secret}</code>
                </td>
              </tr>
              <tr>
                <th scope="row">Webhook signing secret</th>
                <td>
                  <code class="mono">{created.webhook_signing_secret}</code>
                </td>
              </tr>
            </tbody>
          </table>
        </div>
      )}
      <DataTable
        rows={rows}
        rowKey={(row) => row.id}
        rowAttributes={(row) => ({ "data-tenant": row.name })}
        columns={[
          {
            label: "Name",
            cell: (row) => (
              <>
                {row.name}
                <div class="mono muted">{row.id}</div>
              </>
            ),
          },
          {
            label: "Status",
            cell: (row) => (
              <span class={`badge ${row.status === "active" ? "approved" : "declined"}`}>{row.status}</span>
            ),
          },
          { label: "Credits", cell: (row) => row.balance },
          { label: "Created", cell: (row) => dateTime(row.created_at) },
          {
            label: "Actions",
            cell: (row) =>
              row.status === "active" ? (
                <button type="button" class="decline" onClick={() => void setStatus(row, "suspend")}>
                  Suspend
                </button>
              ) : (
                <button type="button" class="secondary" onClick={() => void setStatus(row, "resume")}>
                  Reactivate
                </button>
              ),
          },
        ]}
      />
    </section>
  );
}
