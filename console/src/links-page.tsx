// Create a verification link (admins): pick the tenant and workflow, give the applicant's reference; the link
// expires after 24 hours.
import { useEffect, useState } from "preact/hooks";
import { ApiError, api } from "./api.js";
import { ErrorLine } from "./form-field.js";
import { dateTime } from "./format.js";
import { useTenants } from "./use-tenants.js";

interface Workflow {
  id: string;
  name: string;
  status: string;
  is_default: boolean;
}

interface CreatedLink {
  id: string;
  url: string;
  expires_at: string;
}

export function LinksPage() {
  const { tenants, tenantId, setTenantId, error: tenantError } = useTenants();
  const [workflows, setWorkflows] = useState<Workflow[]>([]);
  const [workflowId, setWorkflowId] = useState("");
  const [vendorData, setVendorData] = useState("");
  const [created, setCreated] = useState<CreatedLink | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!tenantId) return;
    api<Workflow[]>("GET", `/tenants/${tenantId}/workflows`)
      .then((rows) => {
        const live = rows.filter((row) => row.status === "live");
        setWorkflows(live);
        setWorkflowId(live.find((row) => row.is_default)?.id ?? live[0]?.id ?? "");
      })
      .catch(() => setError("Workflows could not be loaded."));
  }, [tenantId]);

  async function create(event: Event) {
    event.preventDefault();
    setError(null);
    try {
      const body: Record<string, string> = {};
      if (workflowId) body.workflow_id = workflowId;
      if (vendorData.trim()) body.vendor_data = vendorData.trim();
      setCreated(await api<CreatedLink>("POST", `/tenants/${tenantId}/sessions`, body));
    } catch (failure) {
      setError(failure instanceof ApiError ? `The link could not be created: ${failure.detail}` : "Failed.");
    }
  }

  return (
    <section>
      <h1>Create verification link</h1>
      <ErrorLine message={error ?? tenantError} />
      <form class="card link-form" onSubmit={(event) => void create(event)}>
        <label for="link-tenant">Tenant</label>
        <select
          id="link-tenant"
          value={tenantId}
          onChange={(event) => setTenantId(event.currentTarget.value)}
        >
          {tenants.map((tenant) => (
            <option key={tenant.id} value={tenant.id}>
              {tenant.name}
            </option>
          ))}
        </select>
        <label for="link-workflow">Workflow</label>
        <select
          id="link-workflow"
          value={workflowId}
          onChange={(event) => setWorkflowId(event.currentTarget.value)}
        >
          {workflows.length === 0 && <option value="">The tenant's default workflow</option>}
          {workflows.map((workflow) => (
            <option key={workflow.id} value={workflow.id}>
              {workflow.name}
              {workflow.is_default ? " (default)" : ""}
            </option>
          ))}
        </select>
        <label for="link-vendor">vendor_data</label>
        <input
          id="link-vendor"
          value={vendorData}
          onInput={(event) => setVendorData(event.currentTarget.value)}
        />
        <button type="submit" disabled={!tenantId}>
          Create verification link
        </button>
      </form>
      {created && (
        <div class="card issued" role="status">
          <p>
            Send this link to the applicant. It expires on <strong>{dateTime(created.expires_at)}</strong>.
          </p>
          <code class="mono" data-testid="created-link">
            {created.url}
          </code>
        </div>
      )}
    </section>
  );
}
