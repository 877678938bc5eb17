// API keys of one tenant (admins): list with last use, create with a label (the key is shown once), revoke,
// rotate all (every live key revoked, one new key shown once).
import { useEffect, useState } from "preact/hooks";
import { api } from "./api.js";
import { dateTime } from "./format.js";
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
      {(error ?? tenantError) && (
        <p class="error" role="alert">
          {error ?? tenantError}
        </p>
      )}
      <div class="filters">
        <div class="field">
          <label for="tenant">Tenant</label>
          <select id="tenant" value={tenantId} onChange={(event) => setTenantId(event.currentTarget.value)}>
            {tenants.map((tenant) => (
              <option key={tenant.id} value={tenant.id}>
                {tenant.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <form class="filters" onSubmit={(event) => void create(event)}>
        <div class="field grow">
          <label for="key-label">Label</label>
          <input
            id="key-label"
            value={newLabel}
            onInput={(event) => setNewLabel(event.currentTarget.value)}
          />
        </div>
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
      <div class="table-wrap">
        <table class="queue">
          <thead>
            <tr>
              <th scope="col">Label</th>
              <th scope="col">Key</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {keys.map((key) => (
              <tr key={key.key_id} data-key-label={key.label}>
                <td>{key.label || "-"}</td>
                <td class="mono">{key.prefix}</td>
                <td>{dateTime(key.created_at)}</td>
                <td>{dateTime(key.last_used_at)}</td>
                <td>
                  {key.revoked_at ? (
                    `Revoked ${dateTime(key.revoked_at)}`
                  ) : (
                    <button type="button" class="decline" onClick={() => void revoke(key)}>
                      Revoke
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
