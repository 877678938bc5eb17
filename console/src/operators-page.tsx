// Operators (admins): invite with a role (the temporary password is shown once), change roles, deactivate or
// reactivate, reset a password or a lost second factor, and require two-factor authentication for everyone.
import { useEffect, useState } from "preact/hooks";
import { ApiError, api } from "./api.js";
import { DataTable } from "./data-table.js";
import { ErrorLine, Field, TextField } from "./form-field.js";
import { dateTime } from "./format.js";

interface OperatorRow {
  operator_id: string;
  email: string;
  role: "admin" | "reviewer";
  active: boolean;
  totp_enabled: boolean;
  must_change_password: boolean;
  last_sign_in_at: string | null;
}

export function OperatorsPage({
  selfEmail,
  onSecurityChanged,
}: {
  selfEmail: string;
  onSecurityChanged: () => void;
}) {
  const [rows, setRows] = useState<OperatorRow[]>([]);
  const [requireTotp, setRequireTotp] = useState(false);
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<"admin" | "reviewer">("reviewer");
  const [issued, setIssued] = useState<{ email: string; password: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function reload() {
    setRows(await api<OperatorRow[]>("GET", "/operators"));
    setRequireTotp((await api<{ require_totp: boolean }>("GET", "/settings/security")).require_totp);
  }

  useEffect(() => {
    reload().catch(() => setError("Operators could not be loaded."));
  }, []);

  async function act(action: () => Promise<unknown>, failure: string) {
    setError(null);
    try {
      await action();
      await reload();
    } catch (caught) {
      setError(
        caught instanceof ApiError && caught.detail === "last_admin"
          ? "The console needs at least one active admin."
          : failure,
      );
    }
  }

  async function invite(event: Event) {
    event.preventDefault();
    await act(async () => {
      const created = await api<{ email: string; temporary_password: string }>("POST", "/operators", {
        email,
        role,
      });
      setIssued({ email: created.email, password: created.temporary_password });
      setEmail("");
    }, "The operator could not be invited (is the email already used?).");
  }

  function resetPassword(row: OperatorRow) {
    if (!confirm(`Reset the password of ${row.email}? Their sessions end.`)) return;
    void act(async () => {
      const reset = await api<{ temporary_password: string }>(
        "POST",
        `/operators/${row.operator_id}/reset-password`,
      );
      setIssued({ email: row.email, password: reset.temporary_password });
    }, "The password could not be reset.");
  }

  function resetTotp(row: OperatorRow) {
    if (!confirm(`Remove two-factor authentication of ${row.email}? Their sessions end.`)) return;
    void act(() => api("POST", `/operators/${row.operator_id}/reset-totp`), "Two-factor could not be reset.");
  }

  function setActive(row: OperatorRow, active: boolean) {
    if (!active && !confirm(`Deactivate ${row.email}? Their sessions end at once.`)) return;
    void act(
      () => api("POST", `/operators/${row.operator_id}/${active ? "reactivate" : "deactivate"}`),
      "The operator could not be changed.",
    );
  }

  async function toggleRequireTotp(required: boolean) {
    await act(
      () => api("PUT", "/settings/security", { require_totp: required }),
      "The setting could not be saved.",
    );
    onSecurityChanged();
  }

  return (
    <section>
      <h1>Operators</h1>
      <ErrorLine message={error} />
      <label class="check card">
        <input
          type="checkbox"
          checked={requireTotp}
          onChange={(event) => void toggleRequireTotp(event.currentTarget.checked)}
        />
        Require two-factor authentication for every operator (those without it set it up at their next step)
      </label>
      <form class="filters" onSubmit={(event) => void invite(event)} aria-label="Invite an operator">
        <TextField
          id="invite-email"
          label="Email"
          grow
          type="email"
          required
          value={email}
          onValue={setEmail}
        />
        <Field id="invite-role" label="Role">
          <select
            id="invite-role"
            value={role}
            onChange={(event) => setRole(event.currentTarget.value as "admin" | "reviewer")}
          >
            <option value="reviewer">reviewer</option>
            <option value="admin">admin</option>
          </select>
        </Field>
        <div class="field">
          <button type="submit">Invite operator</button>
        </div>
      </form>
      {issued && (
        <div class="card issued" role="status">
          <p>
            <strong>
              Temporary password for {issued.email}: give it to them now, it is not shown again.
            </strong>{" "}
            They choose their own at the first sign-in.
          </p>
          <code class="mono" data-testid="temporary-password">
            {issued.password}
          </code>
        </div>
      )}
      <DataTable
        rows={rows}
        rowKey={(row) => row.operator_id}
        rowAttributes={(row) => ({ "data-operator": row.email })}
        columns={[
          { label: "Email", cell: (row) => row.email },
          {
            label: "Role",
            cell: (row) => (
              <select
                aria-label={`Role of ${row.email}`}
                value={row.role}
                disabled={row.email === selfEmail}
                onChange={(event) =>
                  void act(
                    () =>
                      api("PUT", `/operators/${row.operator_id}/role`, {
                        role: event.currentTarget.value,
                      }),
                    "The role could not be changed.",
                  )
                }
              >
                <option value="reviewer">reviewer</option>
                <option value="admin">admin</option>
              </select>
            ),
          },
          {
            label: "State",
            cell: (row) =>
              row.active
                ? row.must_change_password
                  ? "active (temporary password)"
                  : "active"
                : "deactivated",
          },
          { label: "Two-factor", cell: (row) => (row.totp_enabled ? "on" : "off") },
          { label: "Last sign-in", cell: (row) => dateTime(row.last_sign_in_at) },
          {
            label: "Actions",
            cell: (row) => (
              <div class="row-actions">
                {row.email !== selfEmail &&
                  (row.active ? (
                    <button type="button" class="decline" onClick={() => setActive(row, false)}>
                      Deactivate
                    </button>
                  ) : (
                    <button type="button" class="secondary" onClick={() => setActive(row, true)}>
                      Reactivate
                    </button>
                  ))}
                <button type="button" class="secondary" onClick={() => resetPassword(row)}>
                  Reset password
                </button>
                {row.totp_enabled && (
                  <button type="button" class="secondary" onClick={() => resetTotp(row)}>
                    Reset two-factor
                  </button>
                )}
              </div>
            ),
          },
        ]}
      />
    </section>
  );
}
