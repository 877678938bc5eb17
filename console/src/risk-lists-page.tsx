// Risk lists of one tenant (admins): create, rename, switch on/off, delete; and a chosen list's entries:
// search, add one or many (one per line), edit the comment, delete. Values are normalized by the server per
// list type (phone digits, lower-cased email, trimmed identifier).
import { useEffect, useState } from "preact/hooks";
import { api } from "./api.js";
import { dateTime } from "./format.js";
import { problem, TenantPicker } from "./tenant-picker.js";
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
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  async function reload(search = q) {
    const page = await api<{ total: number; entries: Entry[] }>(
      "GET",
      `${base}?page_size=200&q=${encodeURIComponent(search)}`,
    );
    setEntries(page.entries);
    setTotal(page.total);
  }
  useEffect(() => {
    reload("").catch(() => setMessage({ ok: false, text: "Entries could not be loaded." }));
  }, [props.list.id]);

  async function run(change: () => Promise<string>) {
    setMessage(null);
    try {
      setMessage({ ok: true, text: await change() });
      await reload();
      props.onChanged();
    } catch (failure) {
      setMessage({ ok: false, text: problem(failure, "The change was refused.") });
    }
  }

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
      {message && (
        <p class={message.ok ? "ok" : "error"} role={message.ok ? "status" : "alert"}>
          {message.text}
        </p>
      )}
      <form class="filters" onSubmit={(event) => void add(event)}>
        <div class="field grow">
          <label for="entry-values">Values (one per line)</label>
          <textarea
            id="entry-values"
            rows={2}
            value={values}
            onInput={(event) => setValues(event.currentTarget.value)}
          />
        </div>
        <div class="field grow">
          <label for="entry-comment">Comment</label>
          <input
            id="entry-comment"
            value={comment}
            onInput={(event) => setComment(event.currentTarget.value)}
          />
        </div>
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
        <div class="field grow">
          <label for="entry-search">Search value or comment</label>
          <input
            id="entry-search"
            type="search"
            value={q}
            onInput={(event) => setQ(event.currentTarget.value)}
          />
        </div>
        <div class="field">
          <button type="submit" class="secondary">
            Search
          </button>
        </div>
      </form>
      <div class="table-wrap">
        <table class="queue">
          <thead>
            <tr>
              <th scope="col">Value</th>
              <th scope="col">Comment</th>
              <th scope="col">Added</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td class="mono">{entry.value}</td>
                <td>{entry.comment || "-"}</td>
                <td>{dateTime(entry.created_at)}</td>
                <td class="row-actions">
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
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
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
  const [error, setError] = useState<string | null>(null);

  async function reload() {
    if (tenantId) setLists(await api<RiskList[]>("GET", `/tenants/${tenantId}/risk-lists`));
  }
  useEffect(() => {
    setChosen(null);
    reload().catch(() => setError("Risk lists could not be loaded."));
  }, [tenantId]);

  async function run(change: () => Promise<unknown>) {
    setError(null);
    try {
      await change();
      await reload();
    } catch (failure) {
      setError(problem(failure, "The change was refused."));
    }
  }

  const list = lists.find((row) => row.id === chosen);
  return (
    <section>
      <h1>Risk lists</h1>
      {(error ?? tenantError) && (
        <p class="error" role="alert">
          {error ?? tenantError}
        </p>
      )}
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
        <div class="field grow">
          <label for="list-name">New list name</label>
          <input id="list-name" value={name} onInput={(event) => setName(event.currentTarget.value)} />
        </div>
        <div class="field">
          <label for="list-type">Type</label>
          <select id="list-type" value={type} onChange={(event) => setType(event.currentTarget.value)}>
            <option value="phone">phone</option>
            <option value="email">email</option>
            <option value="identifier">identifier</option>
          </select>
        </div>
        <div class="field grow">
          <label for="list-description">Description</label>
          <input
            id="list-description"
            value={description}
            onInput={(event) => setDescription(event.currentTarget.value)}
          />
        </div>
        <div class="field">
          <button type="submit" disabled={!tenantId || !name.trim()}>
            Create list
          </button>
        </div>
      </form>
      <div class="table-wrap">
        <table class="queue">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Type</th>
              <th scope="col">Entries</th>
              <th scope="col">Active</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {lists.map((row) => (
              <tr key={row.id} aria-current={row.id === chosen ? "true" : undefined}>
                <td>
                  {row.name}
                  {row.description && <div class="muted">{row.description}</div>}
                </td>
                <td>{row.type}</td>
                <td>{row.entry_count}</td>
                <td>
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
                </td>
                <td class="row-actions">
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
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {list && <Entries key={list.id} tenantId={tenantId} list={list} onChanged={() => void reload()} />}
    </section>
  );
}
