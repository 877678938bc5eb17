// DATABASE_VALIDATION registry connectors of one tenant (admins): the endpoint each node named `connector`
// calls, its timeout and retries, on or off; a new connector's signing secret and a rotated one are shown
// once, to be given to the registry so it can verify our requests.
import { useEffect, useState } from "preact/hooks";
import { api } from "./api.js";
import { problem, TenantPicker } from "./tenant-picker.js";
import { useTenants } from "./use-tenants.js";

interface Connector {
  name: string;
  url: string;
  timeout_ms: number;
  retries: number;
  enabled: boolean;
  signing_secret?: string;
}

export function RegistryPage() {
  const { tenants, tenantId, setTenantId, error: tenantError } = useTenants();
  const [connectors, setConnectors] = useState<Connector[]>([]);
  const [name, setName] = useState("");
  const [url, setUrl] = useState("");
  const [timeout, setTimeoutMs] = useState("10000");
  const [retries, setRetries] = useState("2");
  const [secret, setSecret] = useState<{ name: string; value: string } | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  async function reload() {
    if (!tenantId) return;
    const rows = await api<{ connectors: Connector[] }>("GET", `/tenants/${tenantId}/registry-connectors`);
    setConnectors(rows.connectors);
  }
  useEffect(() => {
    setSecret(null);
    reload().catch(() => setMessage({ ok: false, text: "Connectors could not be loaded." }));
  }, [tenantId]);

  async function run(change: () => Promise<Connector | unknown>, done: string) {
    setMessage(null);
    setSecret(null);
    try {
      const answer = (await change()) as Connector | undefined;
      if (answer?.signing_secret) setSecret({ name: answer.name, value: answer.signing_secret });
      setMessage({ ok: true, text: done });
      await reload();
    } catch (failure) {
      setMessage({ ok: false, text: problem(failure, "The change was refused.") });
    }
  }
  const path = (connector: string) =>
    `/tenants/${tenantId}/registry-connectors/${encodeURIComponent(connector)}`;

  return (
    <section>
      <h1>Registry connectors</h1>
      <p class="muted">
        A DATABASE_VALIDATION node sends the applicant's confirmed identity to the connector it names and
        decides by the registry's per-field answer. Requests are signed like webhooks.
      </p>
      {tenantError && (
        <p class="error" role="alert">
          {tenantError}
        </p>
      )}
      {message && (
        <p class={message.ok ? "ok" : "error"} role={message.ok ? "status" : "alert"}>
          {message.text}
        </p>
      )}
      {secret && (
        <div class="card" data-testid="registry-secret">
          <p>
            Signing secret of <strong>{secret.name}</strong>, shown once: give it to the registry.
          </p>
          <code class="mono">{secret.value}</code>
        </div>
      )}
      <div class="filters">
        <TenantPicker tenants={tenants} tenantId={tenantId} onChange={setTenantId} />
      </div>
      <form
        class="filters"
        onSubmit={(event) => {
          event.preventDefault();
          void run(
            () =>
              api<Connector>("PUT", path(name.trim()), {
                url: url.trim(),
                timeout_ms: Number(timeout),
                retries: Number(retries),
              }),
            `Connector ${name.trim()} saved.`,
          );
        }}
      >
        <div class="field">
          <label for="registry-name">Name</label>
          <input id="registry-name" value={name} onInput={(event) => setName(event.currentTarget.value)} />
        </div>
        <div class="field grow">
          <label for="registry-url">Endpoint (https)</label>
          <input
            id="registry-url"
            type="url"
            value={url}
            onInput={(event) => setUrl(event.currentTarget.value)}
          />
        </div>
        <div class="field">
          <label for="registry-timeout">Timeout (ms)</label>
          <input
            id="registry-timeout"
            inputMode="numeric"
            value={timeout}
            onInput={(event) => setTimeoutMs(event.currentTarget.value)}
          />
        </div>
        <div class="field">
          <label for="registry-retries">Retries</label>
          <input
            id="registry-retries"
            inputMode="numeric"
            value={retries}
            onInput={(event) => setRetries(event.currentTarget.value)}
          />
        </div>
        <div class="field">
          <button type="submit" disabled={!tenantId || !name.trim() || !url.trim()}>
            Save connector
          </button>
        </div>
      </form>
      <div class="table-wrap">
        <table class="queue">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Endpoint</th>
              <th scope="col">Timeout</th>
              <th scope="col">Retries</th>
              <th scope="col">On</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {connectors.length === 0 && (
              <tr>
                <td colSpan={6} class="muted">
                  No connectors yet.
                </td>
              </tr>
            )}
            {connectors.map((connector) => (
              <tr key={connector.name} data-connector={connector.name}>
                <td>{connector.name}</td>
                <td class="mono">{connector.url}</td>
                <td>{connector.timeout_ms} ms</td>
                <td>{connector.retries}</td>
                <td>{connector.enabled ? "yes" : "no"}</td>
                <td>
                  <div class="row-actions">
                    <button
                      type="button"
                      class="secondary"
                      onClick={() =>
                        void run(
                          () =>
                            api("PUT", path(connector.name), {
                              url: connector.url,
                              enabled: !connector.enabled,
                            }),
                          connector.enabled
                            ? `${connector.name} turned off.`
                            : `${connector.name} turned on.`,
                        )
                      }
                    >
                      {connector.enabled ? "Turn off" : "Turn on"}
                    </button>
                    <button
                      type="button"
                      class="secondary"
                      onClick={() =>
                        void run(
                          () => api("POST", `${path(connector.name)}/rotate-secret`),
                          `New secret for ${connector.name}.`,
                        )
                      }
                    >
                      New secret
                    </button>
                    <button
                      type="button"
                      class="decline"
                      onClick={() =>
                        void run(() => api("DELETE", path(connector.name)), `${connector.name} removed.`)
                      }
                    >
                      Remove
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
