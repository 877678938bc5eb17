// Partner flows of one tenant (admins): what a hosted application collects, which workflow it hands the
// applicant to, which risk lists it checks (reject or manual review), whether it is active; and the default
// lifetime of hosted application URLs.
import { useEffect, useState } from "preact/hooks";
import { api } from "./api.js";
import { DataTable } from "./data-table.js";
import { ErrorLine, TextField } from "./form-field.js";
import type { RiskList } from "./risk-lists-page.js";
import { TenantPicker } from "./tenant-picker.js";
import { OutcomeLine, useOutcome } from "./use-outcome.js";
import { useTenants } from "./use-tenants.js";
import type { Workflow } from "./workflow-editor.js";

interface Flow {
  id: string;
  name: string;
  is_active: boolean;
  workflow_id: string;
  form_fields: string[];
  risk_lists: { list_id: string; action: "reject" | "manual_review" }[];
}

const FORM_FIELDS = ["full_name", "phone", "email", "identifier"];

function FlowEditor(props: {
  flow: Flow;
  workflows: Workflow[];
  lists: RiskList[];
  onSave: (changes: Partial<Flow>) => Promise<void>;
}) {
  const [draft, setDraft] = useState(props.flow);
  const actionOf = (listId: string) => draft.risk_lists.find((link) => link.list_id === listId)?.action ?? "";
  const setAction = (listId: string, action: string) =>
    setDraft({
      ...draft,
      risk_lists: [
        ...draft.risk_lists.filter((link) => link.list_id !== listId),
        ...(action ? [{ list_id: listId, action: action as "reject" | "manual_review" }] : []),
      ],
    });
  return (
    <form
      class="card"
      onSubmit={(event) => {
        event.preventDefault();
        void props.onSave({
          name: draft.name,
          workflow_id: draft.workflow_id,
          is_active: draft.is_active,
          form_fields: draft.form_fields,
          risk_lists: draft.risk_lists,
        });
      }}
    >
      <h2>Edit flow {props.flow.name}</h2>
      <label for="flow-edit-name">Name</label>
      <input
        id="flow-edit-name"
        value={draft.name}
        onInput={(event) => setDraft({ ...draft, name: event.currentTarget.value })}
      />
      <label for="flow-edit-workflow">Workflow</label>
      <select
        id="flow-edit-workflow"
        value={draft.workflow_id}
        onChange={(event) => setDraft({ ...draft, workflow_id: event.currentTarget.value })}
      >
        {props.workflows.map((workflow) => (
          <option key={workflow.id} value={workflow.id}>
            {workflow.name} ({workflow.status})
          </option>
        ))}
      </select>
      <fieldset class="redo">
        <legend>Form fields</legend>
        {FORM_FIELDS.map((field) => (
          <label class="check" key={field}>
            <input
              type="checkbox"
              checked={draft.form_fields.includes(field)}
              onChange={(event) =>
                setDraft({
                  ...draft,
                  form_fields: event.currentTarget.checked
                    ? [...draft.form_fields, field]
                    : draft.form_fields.filter((name) => name !== field),
                })
              }
            />
            {field}
          </label>
        ))}
      </fieldset>
      <fieldset class="redo">
        <legend>Risk lists</legend>
        {props.lists.length === 0 && <p class="muted">No risk lists yet.</p>}
        {props.lists.map((list) => (
          <div key={list.id} class="field">
            <label for={`flow-list-${list.id}`}>
              {list.name} ({list.type})
            </label>
            <select
              id={`flow-list-${list.id}`}
              value={actionOf(list.id)}
              onChange={(event) => setAction(list.id, event.currentTarget.value)}
            >
              <option value="">Not checked</option>
              <option value="reject">A hit rejects</option>
              <option value="manual_review">A hit sends to manual review</option>
            </select>
          </div>
        ))}
      </fieldset>
      <label class="check">
        <input
          type="checkbox"
          checked={draft.is_active}
          onChange={(event) => setDraft({ ...draft, is_active: event.currentTarget.checked })}
        />
        Active (accepts new partner sessions)
      </label>
      <div class="actions">
        <button type="submit">Save flow</button>
      </div>
    </form>
  );
}

export function FlowsPage() {
  const { tenants, tenantId, setTenantId, error: tenantError } = useTenants();
  const [flows, setFlows] = useState<Flow[]>([]);
  const [workflows, setWorkflows] = useState<Workflow[]>([]);
  const [lists, setLists] = useState<RiskList[]>([]);
  const [ttl, setTtl] = useState("");
  const [editing, setEditing] = useState<string | null>(null);
  const [name, setName] = useState("");
  const [workflowId, setWorkflowId] = useState("");

  const { outcome, setOutcome, run } = useOutcome(reload);

  async function reload() {
    if (!tenantId) return;
    const [flowRows, workflowRows, listRows, hostedTtl] = await Promise.all([
      api<Flow[]>("GET", `/tenants/${tenantId}/flows`),
      api<Workflow[]>("GET", `/tenants/${tenantId}/workflows`),
      api<RiskList[]>("GET", `/tenants/${tenantId}/risk-lists`),
      api<{ hosted_url_ttl_minutes: number | null }>("GET", `/tenants/${tenantId}/hosted-url-ttl`),
    ]);
    setFlows(flowRows);
    setWorkflows(workflowRows.filter((row) => row.status !== "archived"));
    setLists(listRows);
    setTtl(hostedTtl.hosted_url_ttl_minutes === null ? "" : String(hostedTtl.hosted_url_ttl_minutes));
    setWorkflowId((current) => current || workflowRows.find((row) => row.is_default)?.id || "");
  }
  useEffect(() => {
    setEditing(null);
    setWorkflowId("");
    reload().catch(() => setOutcome({ ok: false, text: "Flows could not be loaded." }));
  }, [tenantId]);

  const workflowName = (id: string) => workflows.find((row) => row.id === id)?.name ?? "archived workflow";
  const current = flows.find((flow) => flow.id === editing);
  return (
    <section>
      <h1>Partner flows</h1>
      <ErrorLine message={tenantError} />
      <OutcomeLine outcome={outcome} />
      <div class="filters">
        <TenantPicker tenants={tenants} tenantId={tenantId} onChange={setTenantId} />
      </div>
      <form
        class="filters"
        onSubmit={(event) => {
          event.preventDefault();
          void run(async () => {
            const created = await api<Flow>("POST", `/tenants/${tenantId}/flows`, {
              name,
              workflow_id: workflowId,
            });
            setName("");
            setEditing(created.id);
          }, "Flow created.");
        }}
      >
        <TextField id="flow-name" label="New flow name" grow value={name} onValue={setName} />
        <div class="field">
          <label for="flow-workflow">Workflow</label>
          <select
            id="flow-workflow"
            value={workflowId}
            onChange={(event) => setWorkflowId(event.currentTarget.value)}
          >
            {workflows.map((workflow) => (
              <option key={workflow.id} value={workflow.id}>
                {workflow.name}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <button type="submit" disabled={!name.trim() || !workflowId}>
            Create flow
          </button>
        </div>
      </form>
      <DataTable
        rows={flows}
        rowKey={(flow) => flow.id}
        columns={[
          { label: "Name", cell: (flow) => flow.name },
          { label: "Flow id (JWT flow_id)", class: "mono", cell: (flow) => flow.id },
          { label: "Workflow", cell: (flow) => workflowName(flow.workflow_id) },
          { label: "Form fields", cell: (flow) => flow.form_fields.join(", ") || "-" },
          { label: "Risk lists", cell: (flow) => flow.risk_lists.length },
          { label: "Active", cell: (flow) => (flow.is_active ? "yes" : "no") },
          {
            label: "Actions",
            cell: (flow) => (
              <>
                <button type="button" onClick={() => setEditing(flow.id)}>
                  Edit
                </button>
              </>
            ),
          },
        ]}
      />
      {current && (
        <FlowEditor
          key={current.id}
          flow={current}
          workflows={workflows}
          lists={lists}
          onSave={(changes) =>
            run(() => api("PATCH", `/tenants/${tenantId}/flows/${current.id}`, changes), "Flow saved.")
          }
        />
      )}
      <form
        class="filters card"
        onSubmit={(event) => {
          event.preventDefault();
          void run(
            () =>
              api("PUT", `/tenants/${tenantId}/hosted-url-ttl`, {
                hosted_url_ttl_minutes: ttl.trim() ? Number(ttl) : null,
              }),
            "Hosted URL lifetime saved.",
          );
        }}
      >
        <TextField
          id="hosted-ttl"
          label="Hosted application URL lifetime, minutes (empty: never expires)"
          grow
          inputMode="numeric"
          value={ttl}
          onValue={setTtl}
        />
        <div class="field">
          <button type="submit" class="secondary">
            Save lifetime
          </button>
        </div>
      </form>
    </section>
  );
}
