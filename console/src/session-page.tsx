// One session: decision actions beside the evidence, then extracted fields, checks, AML hits, log and webhook
// deliveries. A session whose checks did not all run (e.g. AML screening unavailable) shows that warning
// beside the decision buttons before anything is clicked; the approval itself stays one click, so keyboard
// and scripted reviewers reach the same result.
import { useEffect, useState } from "preact/hooks";
import { ApiError, api } from "./api.js";
import { dateTime, label } from "./format.js";
import { ProofOfAddress } from "./poa-section.js";
import { onLinkClick } from "./router.js";
import { Activity, AmlHits, Checks, Evidence, ExtractedFields } from "./session-sections.js";
import type { EvidenceItem, SessionActivity, SessionDetail } from "./session-types.js";
import { VideoCalls } from "./video-calls-section.js";

interface Loaded {
  session: SessionDetail;
  evidence: EvidenceItem[];
  activity: SessionActivity;
}

export function SessionPage({ tenantId, sessionId }: { tenantId: string; sessionId: string }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const base = `/tenants/${tenantId}/sessions/${sessionId}`;

  async function load() {
    try {
      const [session, evidence, activity] = await Promise.all([
        api<SessionDetail>("GET", base),
        api<EvidenceItem[]>("GET", `${base}/evidence`),
        api<SessionActivity>("GET", `${base}/activity`),
      ]);
      setLoaded({ session, evidence, activity });
      setError(null);
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.status === 404 ? "Session not found." : "Could not load.",
      );
    }
  }

  useEffect(() => {
    void load();
  }, [base]);

  if (error)
    return (
      <p class="error" role="alert">
        {error}
      </p>
    );
  if (!loaded) return <p>Loading…</p>;
  const { session, evidence, activity } = loaded;
  return (
    <article class="session">
      <p>
        <a href="/console/" onClick={onLinkClick}>
          ← Review queue
        </a>
      </p>
      <header class="session-head">
        <h1>{session.vendor_data || "(no vendor_data)"}</h1>
        <span class={`badge ${session.status}`} data-testid="session-status">
          {label(session.status)}
        </span>
      </header>
      <dl class="facts">
        <dt>Session id</dt>
        <dd class="mono">{session.id}</dd>
        <dt>Created</dt>
        <dd>{dateTime(session.created_at)}</dd>
        <dt>Completed</dt>
        <dd>{dateTime(session.completed_at)}</dd>
        <dt>Decision reason</dt>
        <dd>{activity.decision_reason ?? "-"}</dd>
      </dl>
      <div class="session-grid">
        <div>
          <Evidence session={session} evidence={evidence} tenantId={tenantId} />
          <ExtractedFields session={session} />
          <AmlHits session={session} />
          <ProofOfAddress session={session} tenantId={tenantId} />
          <VideoCalls session={session} tenantId={tenantId} />
        </div>
        <div>
          <Decide session={session} activity={activity} base={base} onDone={load} />
          <Checks checks={activity.checks} />
        </div>
      </div>
      <Activity activity={activity} />
    </article>
  );
}

function neverRan(activity: SessionActivity): string[] {
  return activity.checks
    .filter((check) => check.status === "pending" || check.warnings.some((w) => w.endsWith("_unavailable")))
    .map(
      (check) =>
        `${label(check.feature)} (${check.status === "pending" ? "not run" : check.warnings.join(", ")})`,
    );
}

function Decide(props: {
  session: SessionDetail;
  activity: SessionActivity;
  base: string;
  onDone: () => void;
}) {
  const { session, activity, base, onDone } = props;
  const [reason, setReason] = useState("");
  const [note, setNote] = useState("");
  const [redo, setRedo] = useState<string[]>([]);
  const [message, setMessage] = useState<{ kind: "error" | "ok"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const missing = neverRan(activity);
  const steps = activity.checks.filter((check) => check.applicant_step);
  const open = session.status === "in_review";

  /** Runs one decision action: busy while it runs, its outcome in the message line, the page reloaded. */
  async function act(call: () => Promise<string>, failed: string) {
    setBusy(true);
    try {
      setMessage({ kind: "ok", text: await call() });
      onDone();
    } catch (failure) {
      setMessage({ kind: "error", text: failure instanceof ApiError ? failure.detail : failed });
    } finally {
      setBusy(false);
    }
  }

  async function review(decision: "approved" | "declined") {
    if (decision === "declined" && !reason.trim()) {
      setMessage({ kind: "error", text: "A reason is required to decline." });
      document.getElementById("reason")?.focus();
      return;
    }
    await act(async () => {
      await api("POST", `${base}/review`, { decision, reason: reason.trim() });
      return decision === "approved" ? "Session approved." : "Session declined.";
    }, "The decision failed.");
  }

  async function rerun() {
    await act(async () => {
      const done = await api<{ status: string }>("POST", `${base}/rerun-checks`);
      return `Checks ran again: the session is now ${label(done.status)}.`;
    }, "The re-run failed.");
  }

  async function resubmit() {
    if (redo.length === 0) {
      setMessage({ kind: "error", text: "Choose the steps the applicant should redo." });
      return;
    }
    await act(async () => {
      await api("POST", `${base}/request-resubmission`, { steps: redo, reason: reason.trim() });
      setRedo([]);
      return "Resubmission requested: the applicant's link reopens those steps.";
    }, "The request failed.");
  }

  async function addNote(event: Event) {
    event.preventDefault();
    if (!note.trim()) return;
    try {
      await api("POST", `${base}/notes`, { text: note.trim() });
      setNote("");
      onDone();
    } catch {
      setMessage({ kind: "error", text: "The note could not be saved." });
    }
  }

  return (
    <section class="card decide" aria-labelledby="decide-title">
      <h2 id="decide-title">Decision</h2>
      {message && (
        <p
          class={message.kind === "error" ? "error" : "ok"}
          role={message.kind === "error" ? "alert" : "status"}
        >
          {message.text}
        </p>
      )}
      {open ? (
        <>
          {missing.length > 0 && (
            <div class="warning" role="note">
              <strong>Warning: some checks never ran:</strong> {missing.join("; ")}. Approving decides without
              their result.{" "}
              <button type="button" class="secondary" disabled={busy} onClick={() => void rerun()}>
                Re-run checks
              </button>
            </div>
          )}
          <label for="reason">Reason</label>
          <textarea
            id="reason"
            rows={3}
            value={reason}
            onInput={(event) => setReason(event.currentTarget.value)}
            placeholder="Required to decline; sent in the webhook"
          />
          <div class="actions">
            <button type="button" class="approve" disabled={busy} onClick={() => void review("approved")}>
              Approve
            </button>
            <button type="button" class="decline" disabled={busy} onClick={() => void review("declined")}>
              Decline
            </button>
          </div>
          {steps.length > 0 && (
            <fieldset class="redo">
              <legend>Steps to redo</legend>
              {steps.map((check) => (
                <label key={check.node_id} class="check">
                  <input
                    type="checkbox"
                    checked={redo.includes(check.node_id)}
                    onChange={(event) =>
                      setRedo(
                        event.currentTarget.checked
                          ? [...redo, check.node_id]
                          : redo.filter((id) => id !== check.node_id),
                      )
                    }
                  />{" "}
                  {check.node_id} ({label(check.feature)})
                </label>
              ))}
              <button type="button" class="secondary" disabled={busy} onClick={() => void resubmit()}>
                Request resubmission
              </button>
            </fieldset>
          )}
        </>
      ) : (
        <p>This session is {label(session.status)}; only sessions in review can be decided here.</p>
      )}
      <form class="note" onSubmit={(event) => void addNote(event)}>
        <label for="note">Note</label>
        <textarea id="note" rows={2} value={note} onInput={(event) => setNote(event.currentTarget.value)} />
        <button type="submit" class="secondary">
          Add note
        </button>
      </form>
    </section>
  );
}
