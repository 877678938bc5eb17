// The tenant's webhook (admins): destination URL, signing secret (rotated, shown once), endpoint health with
// re-enable, and the delivery log: each event's attempts (status, error, response excerpt, duration) and a
// resend (spec: deliveries "can be resent from the console"; the event keeps its id, receivers dedupe).
import { useEffect, useState } from "preact/hooks";
import { api } from "./api.js";
import { ErrorLine, TextField } from "./form-field.js";
import { dateTime, label } from "./format.js";
import { TenantPicker } from "./tenant-picker.js";
import { OutcomeLine, useOutcome } from "./use-outcome.js";
import { useTenants } from "./use-tenants.js";

interface EndpointStatus {
  url: string | null;
  enabled: boolean;
  disabled_at: string | null;
  disabled_reason: string | null;
  consecutive_failures: number;
  last_success_at: string | null;
  last_failure_at: string | null;
  held_events: number;
}

interface WebhookEvent {
  id: string;
  event_type: string;
  status: string;
  attempts: number;
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
  next_attempt_at: string | null;
}

interface Attempt {
  attempt: number;
  url: string;
  status_code: number | null;
  error: string | null;
  response_excerpt: string | null;
  duration_ms: number;
  created_at: string;
}

function Attempts({ tenantId, eventId }: { tenantId: string; eventId: string }) {
  const [attempts, setAttempts] = useState<Attempt[] | null>(null);
  useEffect(() => {
    api<Attempt[]>("GET", `/tenants/${tenantId}/webhooks/events/${eventId}/attempts`)
      .then(setAttempts)
      .catch(() => setAttempts([]));
  }, [eventId]);
  if (!attempts) return <p class="muted">Loading attempts…</p>;
  if (attempts.length === 0) return <p class="muted">No attempt yet.</p>;
  return (
    <table class="queue attempts">
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">When</th>
          <th scope="col">HTTP status</th>
          <th scope="col">Error</th>
          <th scope="col">Response excerpt</th>
          <th scope="col">Duration</th>
        </tr>
      </thead>
      <tbody>
        {attempts.map((attempt) => (
          <tr key={`${attempt.created_at}-${attempt.attempt}`}>
            <td>{attempt.attempt}</td>
            <td>{dateTime(attempt.created_at)}</td>
            <td>{attempt.status_code ?? "-"}</td>
            <td>{attempt.error ?? "-"}</td>
            <td class="mono excerpt">{attempt.response_excerpt ?? ""}</td>
            <td>{attempt.duration_ms} ms</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function WebhooksPage() {
  const { tenants, tenantId, setTenantId, error: tenantError } = useTenants();
  const [status, setStatus] = useState<EndpointStatus | null>(null);
  const [events, setEvents] = useState<WebhookEvent[]>([]);
  const [url, setUrl] = useState("");
  const [open, setOpen] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const { outcome, setOutcome, run } = useOutcome(reload);

  async function reload() {
    if (!tenantId) return;
    const [endpoint, log] = await Promise.all([
      api<EndpointStatus>("GET", `/tenants/${tenantId}/webhook/status`),
      api<WebhookEvent[]>("GET", `/tenants/${tenantId}/webhooks/events?limit=100`),
    ]);
    setStatus(endpoint);
    setEvents(log);
    return endpoint;
  }
  useEffect(() => {
    setSecret(null);
    setOutcome(null);
    reload()
      .then((endpoint) => setUrl(endpoint?.url ?? ""))
      .catch(() => setOutcome({ ok: false, text: "The webhook could not be loaded." }));
  }, [tenantId]);

  return (
    <section>
      <h1>Webhooks</h1>
      <ErrorLine message={tenantError} />
      <div class="filters">
        <TenantPicker tenants={tenants} tenantId={tenantId} onChange={setTenantId} />
      </div>
      <OutcomeLine outcome={outcome} />
      <form
        class="filters"
        onSubmit={(event) => {
          event.preventDefault();
          void run(
            () => api("PUT", `/tenants/${tenantId}/webhook`, { url: url.trim() || null }),
            "Webhook URL saved.",
          );
        }}
      >
        <TextField
          id="webhook-url"
          label="Webhook URL"
          grow
          type="url"
          placeholder="https://…"
          value={url}
          onValue={setUrl}
        />
        <div class="field">
          <button type="submit" disabled={!tenantId}>
            Save URL
          </button>
        </div>
      </form>
      {status && (
        <div class="card endpoint">
          <p>
            Endpoint:{" "}
            {status.enabled ? (
              <span class="badge approved">enabled</span>
            ) : (
              <span class="badge declined">disabled since {dateTime(status.disabled_at)}</span>
            )}{" "}
            · failures in a row: {status.consecutive_failures} · last success:{" "}
            {dateTime(status.last_success_at)} · held events: {status.held_events}
          </p>
          {!status.enabled && (
            <button
              type="button"
              onClick={() =>
                void run(
                  () => api("POST", `/tenants/${tenantId}/webhook/enable`),
                  "Endpoint re-enabled; held events requeued.",
                )
              }
            >
              Re-enable endpoint
            </button>
          )}{" "}
          <button
            type="button"
            class="secondary"
            onClick={() => {
              if (!confirm("Issue a new signing secret? Deliveries are signed with it at once.")) return;
              void run(async () => {
                const issued = await api<{ webhook_signing_secret: string }>(
                  "POST",
                  `/tenants/${tenantId}/webhook/secret`,
                );
                setSecret(issued.webhook_signing_secret);
              }, "New signing secret issued.");
            }}
          >
            Rotate signing secret
          </button>
          {secret && (
            <div class="issued">
              <p>
                <strong>Copy this secret to your receiver now: it is not shown again.</strong>
              </p>
              <code class="mono" data-testid="webhook-secret">
                {secret}
              </code>
            </div>
          )}
        </div>
      )}
      <h2>Delivery log</h2>
      <div class="table-wrap">
        <table class="queue">
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Created</th>
              <th scope="col">Status</th>
              <th scope="col">Attempts</th>
              <th scope="col">Last error</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {events.length === 0 && (
              <tr>
                <td colSpan={6} class="empty">
                  No webhook events yet.
                </td>
              </tr>
            )}
            {events.map((event) => [
              <tr key={event.id} data-event-id={event.id}>
                <td>{label(event.event_type)}</td>
                <td>{dateTime(event.created_at)}</td>
                <td>
                  <span
                    class={`badge ${event.status === "delivered" ? "approved" : event.status === "failed" ? "declined" : "pending"}`}
                  >
                    {event.status}
                  </span>
                </td>
                <td>{event.attempts}</td>
                <td>{event.last_error ?? "-"}</td>
                <td class="row-actions">
                  <button
                    type="button"
                    class="secondary"
                    aria-expanded={open === event.id}
                    onClick={() => setOpen(open === event.id ? null : event.id)}
                  >
                    {open === event.id ? "Hide attempts" : "Attempts"}
                  </button>
                  <button
                    type="button"
                    onClick={() =>
                      void run(
                        () => api("POST", `/tenants/${tenantId}/webhooks/events/${event.id}/resend`),
                        "Queued for delivery again (same event id).",
                      )
                    }
                  >
                    Resend
                  </button>
                </td>
              </tr>,
              open === event.id && (
                <tr key={`${event.id}-attempts`}>
                  <td colSpan={6}>
                    <Attempts tenantId={tenantId} eventId={event.id} />
                  </td>
                </tr>
              ),
            ])}
          </tbody>
        </table>
      </div>
    </section>
  );
}
