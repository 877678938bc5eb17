// API keys of one tenant (admins): list with last use, create with a label (the key is shown once), revoke,
// rotate all (every live key revoked, one new key shown once).
import { useEffect, useState } from "preact/hooks";
import { api } from "./api.js";
import { DataTable } from "./data-table.js";
import { ErrorLine, TextField } from "./form-field.js";
import { dateTime } from "./format.js";
import { TenantPicker } from "./tenant-picker.js";
import { useTenants } from "./use-tenants.js";

interface ApiKey {
  key_id: string;
  label: string;
  prefix: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export function KeysPage() {
  const { tenants, tenantId, setTenantId, error: tenantError } = useTenants();
  const [keys, setKeys] = useState<ApiKey[]>([]);
  const [newLabel, setNewLabel] = useState("");
  const [issued, setIssued] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function reload(id = tenantId) {
    if (!id) return;
    setKeys(await api<ApiKey[]>("GET", `/tenants/${id}/keys`));
  }

  useEffect(() => {
    setIssued(null);
    reload().catch(() => setError("Keys could not be loaded."));
  }, [tenantId]);

  async function create(event: Event) {
    event.preventDefault();
    try {
      const created = await api<{ api_key: string }>("POST", `/tenants/${tenantId}/keys`, {
        label: newLabel,
      });
      setIssued(created.api_key);
      setNewLabel("");
      await reload();
    } catch {
      setError("The key could not be created.");
    }
  }

  async function rotateAll() {
    if (
      !confirm("Revoke every key of this tenant and issue one new key? Calls with the old keys fail at once.")
    )
      return;
    try {
      const rotated = await api<{ api_key: string }>("POST", `/tenants/${tenantId}/keys/rotate-all`);
      setIssued(rotated.api_key);
      await reload();
    } catch {
      setError("The keys could not be rotated.");
    }
  }

  async function revoke(key: ApiKey) {
    if (!confirm(`Revoke the key "${key.label || key.prefix}"? Calls made with it will fail at once.`))
      return;
    try {
      await api("POST", `/tenants/${tenantId}/keys/${key.key_id}/revoke`);
      await reload();
    } catch {
      setError("The key could not be revoked.");
    }
  }

  return (
    <section>
      <h1>API keys</h1>
      <ErrorLine message={error ?? tenantError} />
      <div class="filters">
        <TenantPicker tenants={tenants} tenantId={tenantId} onChange={setTenantId} />
      </div>
      <form class="filters" onSubmit={(event) => void create(event)}>
        <TextField id="key-label" label="Label" grow value={newLabel} onValue={setNewLabel} />
        <div class="field">
          <button type="submit" disabled={!tenantId}>
            Create key
          </button>
        </div>
        <div class="field">
          <button type="button" class="decline" disabled={!tenantId} onClick={() => void rotateAll()}>
            Rotate all keys
          </button>
        </div>
      </form>
      {issued && (
        <div class="card issued" role="status">
          <p>
            <strong>Copy this key now: it is not shown again.</strong>
          </p>
          <code class="mono" data-testid="issued-key">
            {issued}
          </code>
        </div>
      )}
      <DataTable
        rows={keys}
        rowKey={(key) => key.key_id}
        rowAttributes={(key) => ({ "data-key-label": key.label })}
        columns={[
          { label: "Label", cell: (key) => key.label || "-" },
          { label: "Key", class: "mono", cell: (key) => key.prefix },
          { label: "Created", cell: (key) => dateTime(key.created_at) },
          { label: "Last used", cell: (key) => dateTime(key.last_used_at) },
          {
            label: "State",
            cell: (key) =>
              key.revoked_at ? (
                `Revoked ${dateTime(key.revoked_at)}`
              ) : (
                <button type="button" class="decline" onClick={() => void revoke(key)}>
                  Revoke
                </button>
              ),
          },
        ]}
      />
    </section>
  );
}
