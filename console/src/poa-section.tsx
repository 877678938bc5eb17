// The proof of address a reviewer decides on: what was read from the bill (the holder's name as printed and
// in Latin letters, the address, the issue date and its age), how well the name matched the identity, the
// warnings, and the file itself (PDF or photo) to compare with.
import { consoleMediaUrl } from "./api.js";
import { label } from "./format.js";
import type { NodeResult, SessionDetail } from "./session-types.js";

function text(value: unknown): string {
  return value === null || value === undefined || value === "" ? "-" : String(value);
}

export function ProofOfAddress({ session, tenantId }: { session: SessionDetail; tenantId: string }) {
  const entries = (session.decision_v3.poa_verifications ?? []) as NodeResult[];
  if (entries.length === 0) return null;
  return (
    <section class="card" aria-labelledby="poa-title">
      <h2 id="poa-title">Proof of address</h2>
      {entries.map((entry) => {
        const data = entry.data as Record<string, unknown>;
        const match = (data.name_match ?? {}) as { score?: number | null; source?: string | null };
        const file = consoleMediaUrl(tenantId, data.file_url);
        const preview = consoleMediaUrl(tenantId, data.preview_url);
        const latin = data.holder_name_latin ? ` (${text(data.holder_name_latin)})` : "";
        const bs = data.issue_date_bs ? ` (B.S. ${text(data.issue_date_bs)})` : "";
        return (
          <div key={entry.node_id}>
            <table class="kv">
              <tbody>
                <tr>
                  <th scope="row">Status</th>
                  <td>
                    {label(entry.status)}
                    {entry.warnings.length > 0 && (
                      <span class="muted"> — {entry.warnings.map(label).join(", ")}</span>
                    )}
                  </td>
                </tr>
                <tr>
                  <th scope="row">Document</th>
                  <td>
                    {label(text(data.document_type))} · {text(data.source)} · {text(data.language)}
                  </td>
                </tr>
                <tr>
                  <th scope="row">Holder</th>
                  <td>
                    {text(data.holder_name)}
                    {latin}
                  </td>
                </tr>
                <tr>
                  <th scope="row">Name match</th>
                  <td>
                    {typeof match.score === "number" ? match.score.toFixed(2) : "-"} against{" "}
                    {label(text(match.source))}
                  </td>
                </tr>
                <tr>
                  <th scope="row">Address</th>
                  <td>{text(data.address)}</td>
                </tr>
                <tr>
                  <th scope="row">Issued</th>
                  <td>
                    {text(data.issue_date)}
                    {bs} · {text(data.age_days)} days old (limit {text(data.max_age_days)})
                  </td>
                </tr>
              </tbody>
            </table>
            {(preview ?? (data.file_type !== "application/pdf" ? file : null)) && (
              <a href={file ?? "#"} target="_blank" rel="noreferrer">
                <img
                  class="poa-page"
                  src={preview ?? file ?? ""}
                  alt="The proof of address as uploaded"
                  loading="lazy"
                />
              </a>
            )}
            {file && (
              <p>
                <a href={file} target="_blank" rel="noreferrer">
                  Open the uploaded file
                </a>
              </p>
            )}
          </div>
        );
      })}
    </section>
  );
}
