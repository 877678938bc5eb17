// The read-only parts of the session page: evidence, extracted fields, AML hits, checks, log and webhooks.
import { consoleMediaUrl } from "./api.js";
import { dateTime, label } from "./format.js";
import type { EvidenceItem, NodeResult, SessionActivity, SessionDetail } from "./session-types.js";

function results(session: SessionDetail, array: string): NodeResult[] {
  return (session.decision_v3[array] ?? []) as NodeResult[];
}

const KIND_ORDER = ["document_front", "document_back", "portrait", "selfie", "liveness_still"];

export function Evidence(props: { session: SessionDetail; evidence: EvidenceItem[]; tenantId: string }) {
  const { session, tenantId } = props;
  // A video call's screenshots and recording have their own section (labels, verdict): not shown twice.
  const evidence = props.evidence.filter((item) => !item.kind.startsWith("video_call_"));
  const images = evidence
    .filter((item) => item.content_type.startsWith("image/"))
    .sort((a, b) => rank(a.kind) - rank(b.kind));
  const videos = evidence.filter((item) => item.content_type.startsWith("video/"));
  const match = results(session, "face_matches")[0];
  const source = consoleMediaUrl(tenantId, match?.data.source_image_url);
  const target = consoleMediaUrl(tenantId, match?.data.target_image_url);
  return (
    <section class="card" aria-labelledby="evidence-title">
      <h2 id="evidence-title">Evidence</h2>
      {match && (
        <figure class="face-pair">
          <div class="pair">
            {source && <img src={source} alt="Selfie (face match source)" />}
            {target && <img src={target} alt="Document portrait (face match target)" />}
          </div>
          <figcaption>
            Face match: <strong>{label(match.status)}</strong>, similarity{" "}
            {typeof match.data.similarity === "number" ? match.data.similarity : (match.score ?? "-")}
          </figcaption>
        </figure>
      )}
      {images.length === 0 && videos.length === 0 ? (
        <p class="muted">No evidence files are stored for this session.</p>
      ) : (
        <div class="evidence-grid">
          {images.map((item) => (
            <figure key={item.url}>
              <a href={item.url} target="_blank" rel="noreferrer">
                <img src={item.url} alt={label(item.kind)} loading="lazy" />
              </a>
              <figcaption>{label(item.kind)}</figcaption>
            </figure>
          ))}
          {videos.map((item) => (
            <figure key={item.url}>
              {/* biome-ignore lint/a11y/useMediaCaption: liveness clips have no speech to caption */}
              <video src={item.url} controls preload="metadata" />
              <figcaption>{label(item.kind)}</figcaption>
            </figure>
          ))}
        </div>
      )}
    </section>
  );
}

function rank(kind: string): number {
  const at = KIND_ORDER.indexOf(kind);
  return at < 0 ? KIND_ORDER.length : at;
}

function show(value: unknown): string {
  if (value === null || value === undefined || value === "") return "-";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

export function ExtractedFields({ session }: { session: SessionDetail }) {
  const documents = results(session, "id_verifications");
  if (documents.length === 0) return null;
  return (
    <section class="card" aria-labelledby="fields-title">
      <h2 id="fields-title">Extracted fields</h2>
      {documents.map((document) => {
        const fields = (document.data.fields ?? {}) as Record<string, unknown>;
        const translated = (document.data.translated_fields ?? {}) as Record<string, unknown>;
        return (
          <table key={document.node_id} class="kv">
            <tbody>
              <tr>
                <th scope="row">Document type</th>
                <td>{show(document.data.document_type)}</td>
              </tr>
              <tr>
                <th scope="row">Document number</th>
                <td>{show(document.data.document_id)}</td>
              </tr>
              {Object.entries(fields).map(([name, value]) => (
                <tr key={name}>
                  <th scope="row">{label(name)}</th>
                  <td>
                    {show(value)}
                    {translated[name] !== undefined && translated[name] !== value && (
                      <span class="muted"> ({show(translated[name])})</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        );
      })}
    </section>
  );
}

interface AmlMatch {
  entity_id: string;
  name: string;
  score: number;
  match: boolean;
  lists: string[];
  topics: string[];
  birth_date: string | null;
  countries: string[];
}

export function AmlHits({ session }: { session: SessionDetail }) {
  const screenings = results(session, "aml_screenings");
  if (screenings.length === 0) return null;
  return (
    <section class="card" aria-labelledby="aml-title">
      <h2 id="aml-title">AML screening</h2>
      {screenings.map((screening) => {
        const data = screening.data as Record<string, unknown>;
        const screened = (data.screened ?? {}) as Record<string, unknown>;
        const hits = [
          ...((data.matches ?? []) as AmlMatch[]).map((hit) => ({ hit, kind: "match" })),
          ...((data.possible_matches ?? []) as AmlMatch[]).map((hit) => ({ hit, kind: "possible match" })),
          ...((data.informational_matches ?? []) as AmlMatch[]).map((hit) => ({ hit, kind: "notice" })),
        ];
        return (
          <div key={screening.node_id}>
            <p>
              Screened <strong>{show(screened.name ?? screened.full_name)}</strong>, born{" "}
              {show(screened.birth_date ?? screened.date_of_birth)}: {label(screening.status)}
              {screening.warnings.length > 0 && ` (${screening.warnings.map(label).join(", ")})`}
            </p>
            {hits.length === 0 ? (
              <p class="muted">No hits.</p>
            ) : (
              <ul class="hits">
                {hits.map(({ hit, kind }) => (
                  <li key={`${kind}-${hit.entity_id}`}>
                    <strong>{hit.name}</strong> <span class="chip">{kind}</span>
                    <div>
                      Why: name similarity {Math.round(hit.score * 100)}%
                      {hit.birth_date && `, listed birth date ${hit.birth_date}`}
                      {hit.lists.length > 0 && `; lists ${hit.lists.join(", ")}`}
                      {hit.topics.length > 0 && `; topics ${hit.topics.join(", ")}`}
                      {hit.countries.length > 0 && `; countries ${hit.countries.join(", ")}`}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </div>
        );
      })}
    </section>
  );
}

export function Checks({ checks }: { checks: SessionActivity["checks"] }) {
  return (
    <section class="card" aria-labelledby="checks-title">
      <h2 id="checks-title">Checks and risk signals</h2>
      <table class="kv">
        <tbody>
          {checks.map((check) => (
            <tr key={check.node_id}>
              <th scope="row">{label(check.feature)}</th>
              <td>
                <span class={`badge ${check.status}`}>{label(check.status)}</span>
                {check.score !== null && ` score ${check.score}`}
                {check.warnings.map((warning) => (
                  <span key={warning} class="chip warn">
                    {label(warning)}
                  </span>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function Activity({ activity }: { activity: SessionActivity }) {
  return (
    <div class="session-grid">
      <section class="card" aria-labelledby="log-title">
        <h2 id="log-title">Log and notes</h2>
        <ul class="log">
          {activity.log.map((entry, index) => (
            <li key={`${entry.created_at}-${index}`}>
              <span class="muted">{dateTime(entry.created_at)}</span> <strong>{label(entry.type)}</strong> by{" "}
              {entry.actor}
              {typeof entry.data.reason === "string" && entry.data.reason && `: ${entry.data.reason}`}
              {typeof entry.data.text === "string" && `: ${entry.data.text}`}
            </li>
          ))}
        </ul>
      </section>
      <section class="card" aria-labelledby="webhooks-title">
        <h2 id="webhooks-title">Webhook deliveries</h2>
        {activity.webhooks.length === 0 ? (
          <p class="muted">None.</p>
        ) : (
          <ul class="log">
            {activity.webhooks.map((hook) => (
              <li key={hook.id}>
                <strong>{hook.event_type}</strong> {hook.status} after {hook.attempts} attempt(s)
                {hook.decision_reason && `, decision_reason ${hook.decision_reason}`}
                {hook.last_error && <span class="error-text"> ({hook.last_error})</span>}
                <div class="muted">{dateTime(hook.created_at)}</div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
