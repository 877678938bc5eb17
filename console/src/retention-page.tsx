// Evidence retention (admins): how many days a tenant's session evidence is kept before the daily sweep purges
// it (default 365).
import { useEffect, useState } from "preact/hooks";
import { api } from "./api.js";
import { ErrorLine, TextField } from "./form-field.js";
import { TenantPicker } from "./tenant-picker.js";
import { useTenants } from "./use-tenants.js";

export function RetentionPage() {
  const { tenants, tenantId, setTenantId, error: tenantError } = useTenants();
  const [days, setDays] = useState("");
  // The field opens once the tenant's setting is read, so a value typed earlier is never overwritten by it.
  const [loaded, setLoaded] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    if (!tenantId) return;
    setMessage(null);
    setLoaded(false);
    api<{ evidence_retention_days: number }>("GET", `/tenants/${tenantId}/evidence-retention`)
      .then((row) => {
        setDays(String(row.evidence_retention_days));
        setLoaded(true);
      })
      .catch(() => setMessage({ ok: false, text: "The setting could not be loaded." }));
  }, [tenantId]);

  async function save(event: Event) {
    event.preventDefault();
    try {
      const saved = await api<{ evidence_retention_days: number }>(
        "PUT",
        `/tenants/${tenantId}/evidence-retention`,
        {
          evidence_retention_days: Number(days),
        },
      );
      setMessage({ ok: true, text: `Saved: evidence is kept ${saved.evidence_retention_days} days.` });
    } catch {
      setMessage({ ok: false, text: "Retention is a whole number of days from 1 to 3650." });
    }
  }

  return (
    <section>
      <h1>Evidence retention</h1>
      <p>
        Session evidence (document images, selfies, clips) older than this is purged by the daily sweep; its
        URLs then stop resolving. Imported identity photos are not affected.
      </p>
      <ErrorLine message={tenantError} />
      <form class="filters" onSubmit={(event) => void save(event)}>
        <TenantPicker tenants={tenants} tenantId={tenantId} onChange={setTenantId} />
        <TextField
          id="retention-days"
          label="Keep evidence (days)"
          type="number"
          min={1}
          max={3650}
          required
          disabled={!loaded}
          value={days}
          onValue={setDays}
        />
        <div class="field">
          <button type="submit" disabled={!tenantId || !loaded}>
            Save
          </button>
        </div>
      </form>
      {message && (
        <p class={message.ok ? "ok" : "error"} role={message.ok ? "status" : "alert"}>
          {message.text}
        </p>
      )}
    </section>
  );
}
