// Workflows of one tenant (admins): list, create a draft, edit its nodes, move it draft → live → archived and
// make a live one the default.
import { useEffect, useState } from "preact/hooks";
import { api } from "./api.js";
import { DataTable } from "./data-table.js";
import { ErrorLine, TextField } from "./form-field.js";
import { label } from "./format.js";
import { TenantPicker } from "./tenant-picker.js";
import { OutcomeLine, useOutcome } from "./use-outcome.js";
import { useTenants } from "./use-tenants.js";
import { type Workflow, WorkflowEditor } from "./workflow-editor.js";

const STATUSES = ["draft", "live", "archived"] as const;

export function WorkflowsPage() {
  const { tenants, tenantId, setTenantId, error: tenantError } = useTenants();
  const [workflows, setWorkflows] = useState<Workflow[]>([]);
  const [editing, setEditing] = useState<string | null>(null);
  const [newName, setNewName] = useState("");
  const { outcome, setOutcome, run } = useOutcome(reload);

  async function reload() {
    if (tenantId) setWorkflows(await api<Workflow[]>("GET", `/tenants/${tenantId}/workflows`));
  }
  useEffect(() => {
    setEditing(null);
    reload().catch(() => setOutcome({ ok: false, text: "Workflows could not be loaded." }));
  }, [tenantId]);

  async function create(event: Event) {
    event.preventDefault();
    await run(async () => {
      const created = await api<{ id: string }>("POST", `/tenants/${tenantId}/workflows`, {
        definition: { name: newName.trim(), status: "draft", nodes: [{ feature: "ID_VERIFICATION" }] },
      });
      setNewName("");
      setEditing(created.id);
    });
  }

  const current = workflows.find((workflow) => workflow.id === editing);
  return (
    <section>
      <h1>Workflows</h1>
      <ErrorLine message={tenantError} />
      <OutcomeLine outcome={outcome} />
      <div class="filters">
        <TenantPicker tenants={tenants} tenantId={tenantId} onChange={setTenantId} />
      </div>
      <form class="filters" onSubmit={(event) => void create(event)}>
        <TextField id="new-workflow" label="New workflow name" grow value={newName} onValue={setNewName} />
        <div class="field">
          <button type="submit" disabled={!tenantId || !newName.trim()}>
            Create draft
          </button>
        </div>
      </form>
      <DataTable
        rows={workflows}
        rowKey={(workflow) => workflow.id}
        rowAttributes={(workflow) => ({ "data-workflow": workflow.name })}
        columns={[
          { label: "Name", cell: (workflow) => workflow.name },
          {
            label: "Nodes",
            cell: (workflow) =>
              workflow.nodes
                .filter((node) => node.enabled)
                .map((node) => label(node.feature))
                .join(" → "),
          },
          {
            label: "Status",
            cell: (workflow) => (
              <>
                <label class="visually-hidden" for={`status-${workflow.id}`}>
                  Status of {workflow.name}
                </label>
                <select
                  id={`status-${workflow.id}`}
                  value={workflow.status}
                  disabled={workflow.is_default}
                  onChange={(event) =>
                    void run(() =>
                      api("POST", `/tenants/${tenantId}/workflows/${workflow.id}/status`, {
                        status: event.currentTarget.value,
                      }),
                    )
                  }
                >
                  {STATUSES.map((status) => (
                    <option key={status} value={status}>
                      {status}
                    </option>
                  ))}
                </select>
              </>
            ),
          },
          {
            label: "Default",
            cell: (workflow) =>
              workflow.is_default ? (
                <span class="badge approved">default</span>
              ) : (
                <button
                  type="button"
                  class="secondary"
                  disabled={workflow.status !== "live"}
                  title={workflow.status !== "live" ? "Only a live workflow can be the default" : undefined}
                  onClick={() =>
                    void run(() => api("POST", `/tenants/${tenantId}/workflows/${workflow.id}/default`))
                  }
                >
                  Make default
                </button>
              ),
          },
          {
            label: "Actions",
            cell: (workflow) => (
              <button
                type="button"
                disabled={workflow.status === "archived"}
                onClick={() => setEditing(workflow.id)}
              >
                Edit nodes
              </button>
            ),
          },
        ]}
      />
      {current && (
        <WorkflowEditor
          key={current.id}
          tenantId={tenantId}
          workflow={current}
          onSaved={() => void reload()}
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}
