// The tenant select the admin pages share (the first tenant is chosen on load).
import type { Tenant } from "./use-tenants.js";

export function TenantPicker(props: { tenants: Tenant[]; tenantId: string; onChange: (id: string) => void }) {
  return (
    <div class="field">
      <label for="tenant">Tenant</label>
      <select
        id="tenant"
        value={props.tenantId}
        onChange={(event) => props.onChange(event.currentTarget.value)}
      >
        {props.tenants.map((tenant) => (
          <option key={tenant.id} value={tenant.id}>
            {tenant.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** An API refusal's detail, or a fallback sentence. */
export function problem(error: unknown, fallback: string): string {
  const detail = (error as { detail?: unknown } | null)?.detail;
  return typeof detail === "string" && detail ? detail : fallback;
}
