// Risk lists of one tenant (admins): create, rename, switch on/off, delete; and a chosen list's entries:
// search, add one or many (one per line), edit the comment, delete. Values are normalized by the server per
// list type (phone digits, lower-cased email, trimmed identifier).
import { useEffect, useState } from "preact/hooks";
import { api } from "./api.js";
import { DataTable } from "./data-table.js";
import { ErrorLine, Field, TextField } from "./form-field.js";
import { dateTime } from "./format.js";
import { TenantPicker } from "./tenant-picker.js";
import { OutcomeLine, useOutcome } from "./use-outcome.js";
import { useTenants } from "./use-tenants.js";

export interface RiskList {
  id: string;
  name: string;
  description: string;
  type: "phone" | "email" | "identifier";
  is_active: boolean;
  entry_count: number;
}

interface Entry {
  id: string;
  value: string;
  comment: string;
  created_at: string;
}

function Entries(props: { tenantId: string; list: RiskList; onChanged: () => void }) {
  const base = `/tenants/${props.tenantId}/risk-lists/${props.list.id}/entries`;
  const [entries, setEntries] = useState<Entry[]>([]);
  const [total, setTotal] = useState(0);
  const [q, setQ] = useState("");
  const [values, setValues] = useState("");
  const [comment, setComment] = useState("");
  const { outcome, setOutcome, run } = useOutcome(async () => {
    await reload();
    props.onChanged();
  });

  async function reload(search = q) {
    const page = await api<{ total: number; entries: Entry[] }>(
      "GET",
      `${base}?page_size=200&q=${encodeURIComponent(search)}`,
    );
    setEntries(page.entries);
    setTotal(page.total);
  }
  useEffect(() => {
    reload("").catch(() => setOutcome({ ok: false, text: "Entries could not be loaded." }));
  }, [props.list.id]);

  async function add(event: Event) {
    event.preventDefault();
    const lines = values
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean);
    await run(async () => {
      if (lines.length === 1) {
        await api("POST", base, { value: lines[0], comment });
        return "Entry saved.";
      }
      const result = await api<{
        created: number;
        skipped: number;
        invalid: number;
        errors: { row: number; error: string }[];
      }>("POST", base, { entries: lines.map((value) => ({ value, comment })) });
      const errors = result.errors.map((error) => `line ${error.row + 1}: ${error.error}`).join("; ");
      return `${result.created} added, ${result.skipped} already listed, ${result.invalid} invalid${errors ? ` (${errors})` : ""}.`;
    });
    setValues("");
  }

  return (
    <div class="card">
      <h2>
        Entries of {props.list.name} ({props.list.type}) · {total}
      </h2>
      <OutcomeLine outcome={outcome} />
      <form class="filters" onSubmit={(event) => void add(event)}>
        <Field id="entry-values" label="Values (one per line)" grow>
          <textarea
            id="entry-values"
            rows={2}
            value={values}
            onInput={(event) => setValues(event.currentTarget.value)}
          />
        </Field>
        <TextField id="entry-comment" label="Comment" grow value={comment} onValue={setComment} />
        <div class="field">
          <button type="submit" disabled={!values.trim()}>
            Add
          </button>
        </div>
      </form>
      <form
        class="filters"
        aria-label="Search entries"
        onSubmit={(event) => {
          event.preventDefault();
          void reload();
        }}
      >
        <TextField
          id="entry-search"
          label="Search value or comment"
          grow
          type="search"
          value={q}
          onValue={setQ}
        />
        <div class="field">
          <button type="submit" class="secondary">
            Search
          </button>
        </div>
      </form>
      <DataTable
        rows={entries}
        rowKey={(entry) => entry.id}
        columns={[
          { label: "Value", class: "mono", cell: (entry) => entry.value },
          { label: "Comment", cell: (entry) => entry.comment || "-" },
          { label: "Added", cell: (entry) => dateTime(entry.created_at) },
          {
            label: "Actions",
            cell: (entry) => (
              <div class="row-actions">
                <button
                  type="button"
                  class="secondary"
                  onClick={() => {
                    const next = prompt(`Comment for ${entry.value}`, entry.comment);
                    if (next === null) return;
                    void run(async () => {
                      await api("PATCH", `${base}/${entry.id}`, { comment: next });
                      return "Comment saved.";
                    });
                  }}
                >
                  Edit comment
                </button>
                <button
                  type="button"
                  class="decline"
                  onClick={() =>
                    void run(async () => {
                      await api("DELETE", `${base}/${entry.id}`);
                      return "Entry deleted.";
                    })
                  }
                >
                  Delete
                </button>
              </div>
            ),
          },
        ]}
      />
    </div>
  );
}

export function RiskListsPage() {
  const { tenants, tenantId, setTenantId, error: tenantError } = useTenants();
  const [lists, setLists] = useState<RiskList[]>([]);
  const [chosen, setChosen] = useState<string | null>(null);
  const [name, setName] = useState("");
  const [type, setType] = useState("phone");
  const [description, setDescription] = useState("");
  const { outcome, setOutcome, run } = useOutcome(reload);

  async function reload() {
    if (tenantId) setLists(await api<RiskList[]>("GET", `/tenants/${tenantId}/risk-lists`));
  }
  useEffect(() => {
    setChosen(null);
    reload().catch(() => setOutcome({ ok: false, text: "Risk lists could not be loaded." }));
  }, [tenantId]);

  const list = lists.find((row) => row.id === chosen);
  return (
    <section>
      <h1>Risk lists</h1>
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
            const created = await api<RiskList>("POST", `/tenants/${tenantId}/risk-lists`, {
              name,
              type,
              description,
            });
            setName("");
            setDescription("");
            setChosen(created.id);
          });
        }}
      >
        <TextField id="list-name" label="New list name" grow value={name} onValue={setName} />
        <Field id="list-type" label="Type">
          <select id="list-type" value={type} onChange={(event) => setType(event.currentTarget.value)}>
            <option value="phone">phone</option>
            <option value="email">email</option>
            <option value="identifier">identifier</option>
          </select>
        </Field>
        <TextField
          id="list-description"
          label="Description"
          grow
          value={description}
          onValue={setDescription}
        />
        <div class="field">
          <button type="submit" disabled={!tenantId || !name.trim()}>
            Create list
          </button>
        </div>
      </form>
      <DataTable
        rows={lists}
        rowKey={(row) => row.id}
        rowAttributes={(row) => ({ "aria-current": row.id === chosen ? "true" : undefined })}
        columns={[
          {
            label: "Name",
            cell: (row) => (
              <>
                {row.name}
                {row.description && <div class="muted">{row.description}</div>}
              </>
            ),
          },
          { label: "Type", cell: (row) => row.type },
          { label: "Entries", cell: (row) => row.entry_count },
          {
            label: "Active",
            cell: (row) => (
              <label class="check">
                <input
                  type="checkbox"
                  checked={row.is_active}
                  onChange={(event) => {
                    const isActive = event.currentTarget.checked;
                    void run(() =>
                      api("PATCH", `/tenants/${tenantId}/risk-lists/${row.id}`, { is_active: isActive }),
                    );
                  }}
                />
                <span class="visually-hidden">{row.name} is active</span>
              </label>
            ),
          },
          {
            label: "Actions",
            cell: (row) => (
              <div class="row-actions">
                <button type="button" onClick={() => setChosen(row.id)}>
                  Entries
                </button>
                <button
                  type="button"
                  class="secondary"
                  onClick={() => {
                    const next = prompt("New name", row.name);
                    if (next?.trim())
                      void run(() =>
                        api("PATCH", `/tenants/${tenantId}/risk-lists/${row.id}`, { name: next }),
                      );
                  }}
                >
                  Rename
                </button>
                <button
                  type="button"
                  class="decline"
                  onClick={() => {
                    if (!confirm(`Delete "${row.name}" and its ${row.entry_count} entries?`)) return;
                    if (chosen === row.id) setChosen(null);
                    void run(() => api("DELETE", `/tenants/${tenantId}/risk-lists/${row.id}`));
                  }}
                >
                  Delete
                </button>
              </div>
            ),
          },
        ]}
      />
      {list && <Entries key={list.id} tenantId={tenantId} list={list} onChanged={() => void reload()} />}
    </section>
  );
}
