// DATABASE_VALIDATION registry connectors of one tenant (admins): the endpoint each node named `connector`
// calls, its timeout and retries, on or off; a new connector's signing secret and a rotated one are shown
// once, to be given to the registry so it can verify our requests.
import { useEffect, useState } from "preact/hooks";
import { api } from "./api.js";
import { DataTable } from "./data-table.js";
import { ErrorLine, TextField } from "./form-field.js";
import { TenantPicker } from "./tenant-picker.js";
import { OutcomeLine, useOutcome } from "./use-outcome.js";
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
  const outcome = useOutcome(reload);

  async function reload() {
    if (!tenantId) return;
    const rows = await api<{ connectors: Connector[] }>("GET", `/tenants/${tenantId}/registry-connectors`);
    setConnectors(rows.connectors);
  }
  useEffect(() => {
    setSecret(null);
    reload().catch(() => outcome.setOutcome({ ok: false, text: "Connectors could not be loaded." }));
  }, [tenantId]);

  /** A change; a connector it answers with a new signing secret shows that secret once. */
  function run(change: () => Promise<Connector | unknown>, done: string) {
    setSecret(null);
    return outcome.run(async () => {
      const answer = (await change()) as Connector | undefined;
      if (answer?.signing_secret) setSecret({ name: answer.name, value: answer.signing_secret });
    }, done);
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
      <ErrorLine message={tenantError} />
      <OutcomeLine outcome={outcome.outcome} />
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
        <TextField id="registry-name" label="Name" value={name} onValue={setName} />
        <TextField id="registry-url" label="Endpoint (https)" grow type="url" value={url} onValue={setUrl} />
        <TextField
          id="registry-timeout"
          label="Timeout (ms)"
          inputMode="numeric"
          value={timeout}
          onValue={setTimeoutMs}
        />
        <TextField
          id="registry-retries"
          label="Retries"
          inputMode="numeric"
          value={retries}
          onValue={setRetries}
        />
        <div class="field">
          <button type="submit" disabled={!tenantId || !name.trim() || !url.trim()}>
            Save connector
          </button>
        </div>
      </form>
      <DataTable
        rows={connectors}
        rowKey={(connector) => connector.name}
        empty="No connectors yet."
        rowAttributes={(connector) => ({ "data-connector": connector.name })}
        columns={[
          { label: "Name", cell: (connector) => connector.name },
          { label: "Endpoint", class: "mono", cell: (connector) => connector.url },
          { label: "Timeout", cell: (connector) => `${connector.timeout_ms} ms` },
          { label: "Retries", cell: (connector) => connector.retries },
          { label: "On", cell: (connector) => (connector.enabled ? "yes" : "no") },
          {
            label: "Actions",
            cell: (connector) => (
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
                      connector.enabled ? `${connector.name} turned off.` : `${connector.name} turned on.`,
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
            ),
          },
        ]}
      />
    </section>
  );
}
