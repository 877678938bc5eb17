// AML lists (admins): each stored list with its origin, size and age, a warning when one is older than the
// configured maximum or its last sync failed, and the registry of sources `kyc aml sync` can fetch.
import { useEffect, useState } from "preact/hooks";
import { api } from "./api.js";
import { DataTable } from "./data-table.js";
import { ErrorLine } from "./form-field.js";
import { dateTime } from "./format.js";

interface AmlStatus {
  entities: number;
  max_list_age_hours: number;
  lists: {
    source: string;
    origin: string;
    entities: number;
    as_of: string;
    age_hours: number;
    stale: boolean;
    last_error: string | null;
  }[];
  index: { provider: string; ready: boolean; building: boolean; indexed_entities: number } | null;
}

interface AmlSource {
  key: string;
  title: string;
  url: string | null;
  format: string;
  licence: string;
  parsed: boolean;
  note?: string;
  default: boolean;
}

function age(hours: number): string {
  return hours < 48 ? `${Math.round(hours)} h` : `${Math.round(hours / 24)} days`;
}

export function AmlPage() {
  const [status, setStatus] = useState<AmlStatus | null>(null);
  const [sources, setSources] = useState<AmlSource[]>([]);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    Promise.all([api<AmlStatus>("GET", "/aml/status"), api<AmlSource[]>("GET", "/aml/sources")])
      .then(([loaded, registry]) => {
        setStatus(loaded);
        setSources(registry);
      })
      .catch(() => setError("The AML list status could not be loaded."));
  }, []);

  const stale = status?.lists.filter((list) => list.stale) ?? [];
  return (
    <section>
      <h1>AML lists</h1>
      <ErrorLine message={error} />
      {status && (
        <>
          {status.lists.length === 0 && (
            <p class="warning" role="alert">
              No list is loaded: screening finds nothing. Load lists with <code>kyc aml sync</code> or{" "}
              <code>kyc aml load</code>.
            </p>
          )}
          {stale.length > 0 && (
            <p class="warning" role="alert">
              {stale.length === 1 ? "1 list is" : `${stale.length} lists are`} older than{" "}
              {status.max_list_age_hours} hours: {stale.map((list) => list.source).join(", ")}. Screening
              results carry <code>aml_lists_stale</code> until they are refreshed.
            </p>
          )}
          <p>
            {status.entities.toLocaleString("en-GB")} entities stored
            {status.index &&
              ` · index (${status.index.provider}): ${
                status.index.ready
                  ? `${status.index.indexed_entities.toLocaleString("en-GB")} entities, ready`
                  : "building"
              }`}
            .
          </p>
          {status.lists.length > 0 && (
            <DataTable
              rows={status.lists}
              rowKey={(list) => list.source}
              caption="Stored lists"
              rowAttributes={(list) => ({ "data-list": list.source })}
              columns={[
                { label: "List", class: "mono", cell: (list) => list.source },
                { label: "Origin", cell: (list) => list.origin },
                { label: "Entities", cell: (list) => list.entities.toLocaleString("en-GB") },
                { label: "Current as of", cell: (list) => dateTime(list.as_of) },
                {
                  label: "Age",
                  cell: (list) =>
                    list.stale ? (
                      <span class="chip warn">stale: {age(list.age_hours)}</span>
                    ) : (
                      age(list.age_hours)
                    ),
                },
                { label: "Last sync error", cell: (list) => list.last_error ?? "-" },
              ]}
            />
          )}
        </>
      )}
      <h2>Sources</h2>
      <DataTable
        rows={sources}
        rowKey={(source) => source.key}
        columns={[
          {
            label: "Source",
            cell: (source) => (
              <>
                {source.title} <span class="mono muted">({source.key})</span>
                {source.url && <div class="mono muted">{source.url}</div>}
                {!source.parsed && (
                  <div class="muted">Not parsed yet{source.note ? `: ${source.note}` : ""}</div>
                )}
              </>
            ),
          },
          { label: "Format", cell: (source) => source.format },
          { label: "Licence", cell: (source) => source.licence },
          { label: "Synced by default", cell: (source) => (source.default ? "yes" : "no") },
        ]}
      />
    </section>
  );
}
