// The review queue's second half: identities flagged by ongoing AML monitoring (a new hit since their last
// screening), oldest flag first, each with its new hits and its latest session; an officer clears the flag
// (not the same person, or accepted) or blocks the identity, with a note.
import { useEffect, useState } from "preact/hooks";
import { api, apiPage } from "./api.js";
import { DataTable } from "./data-table.js";
import { ErrorLine } from "./form-field.js";
import { ageSince } from "./format.js";
import { Pager } from "./pager.js";
import { onLinkClick, sessionPath } from "./router.js";

interface Flag {
  individual_id: string;
  tenant_id: string;
  tenant_name: string;
  external_user_id: string | null;
  full_name: string | null;
  screened_name: string | null;
  flagged_at: string;
  new_matches: { entity_id: string; name: string; score: number; lists: string[] }[];
  latest_session_id: string | null;
}

const PAGE_SIZE = 20;

/** `search`: the queue's search box (vendor_data / external_user_id or name). */
export function FlagsSection({ search }: { search: string }) {
  const [page, setPage] = useState<{ rows: Flag[]; total: number } | null>(null);
  const [offset, setOffset] = useState(0);
  const [notes, setNotes] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);

  async function reload(at = offset) {
    const query = new URLSearchParams({ limit: String(PAGE_SIZE), offset: String(at) });
    if (search.trim()) query.set("search", search.trim());
    setPage(await apiPage<Flag>(`/monitoring-flags?${query}`));
  }

  useEffect(() => setOffset(0), [search]);

  useEffect(() => {
    const timer = setTimeout(() => {
      reload().catch(() => setError("Flagged identities could not be loaded."));
    }, 200);
    return () => clearTimeout(timer);
  }, [offset, search]);

  async function resolve(flag: Flag, outcome: "clear" | "block") {
    setError(null);
    try {
      await api("POST", `/tenants/${flag.tenant_id}/identities/${flag.individual_id}/resolve-flag`, {
        outcome,
        note: notes[flag.individual_id] ?? "",
      });
      await reload();
    } catch {
      setError("Write a note saying why, then try again.");
    }
  }

  if (page === null || (page.total === 0 && !error)) return null;
  return (
    <section aria-labelledby="flags-heading" class="flags">
      <h2 id="flags-heading">Flagged by AML monitoring ({page.total})</h2>
      <ErrorLine message={error} />
      <DataTable
        rows={page.rows}
        rowKey={(flag) => flag.individual_id}
        rowAttributes={(flag) => ({ "data-individual-id": flag.individual_id })}
        columns={[
          {
            label: "Identity",
            cell: (flag) => (
              <>
                {flag.latest_session_id ? (
                  <a href={sessionPath(flag.tenant_id, flag.latest_session_id)} onClick={onLinkClick}>
                    {flag.external_user_id ?? flag.individual_id}
                  </a>
                ) : (
                  (flag.external_user_id ?? flag.individual_id)
                )}
                <div class="muted">{flag.screened_name ?? flag.full_name ?? ""}</div>
              </>
            ),
          },
          { label: "Tenant", cell: (flag) => flag.tenant_name },
          {
            label: "New hits",
            cell: (flag) =>
              flag.new_matches.map((match) => (
                <span key={match.entity_id} class="chip warn">
                  {match.name} ({match.lists.join(", ")}; {match.score.toFixed(2)})
                </span>
              )),
          },
          { label: "Flagged", cell: (flag) => <>{ageSince(flag.flagged_at)} ago</> },
          {
            label: "Decision",
            cell: (flag) => (
              <div class="row-actions">
                <label class="visually-hidden" for={`note-${flag.individual_id}`}>
                  Note for {flag.external_user_id ?? flag.individual_id}
                </label>
                <input
                  id={`note-${flag.individual_id}`}
                  placeholder="Why (required)"
                  value={notes[flag.individual_id] ?? ""}
                  onInput={(event) => setNotes({ ...notes, [flag.individual_id]: event.currentTarget.value })}
                />
                <button type="button" class="approve" onClick={() => void resolve(flag, "clear")}>
                  Clear flag
                </button>
                <button type="button" class="decline" onClick={() => void resolve(flag, "block")}>
                  Block
                </button>
              </div>
            ),
          },
        ]}
      />
      <Pager offset={offset} pageSize={PAGE_SIZE} total={page.total} onOffset={setOffset} />
    </section>
  );
}
