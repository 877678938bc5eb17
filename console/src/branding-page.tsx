// Hosted-page branding per tenant and per workflow (spec: rule 5), with a live preview: the real hosted page
// (`{flow_url}/preview/branding`) in a frame, redrawn with the form's values in English or Nepali.
import { useEffect, useState } from "preact/hooks";
import { api } from "./api.js";
import { ErrorLine } from "./form-field.js";
import { problem, TenantPicker } from "./tenant-picker.js";
import { useTenants } from "./use-tenants.js";
import type { Workflow } from "./workflow-editor.js";

type Branding = Record<string, unknown>;
type Locale = "en" | "ne";

interface Form {
  company_name: string;
  logo_url: string;
  color: string;
  button_shape: string;
  theme: string;
  default_language: string;
  intro_en: string;
  intro_ne: string;
  terms_version: string;
  terms_text: string;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

function toForm(branding: Branding): Form {
  const intro = branding.intro;
  const terms = (branding.terms ?? {}) as { version?: string; text?: string };
  return {
    company_name: text(branding.company_name),
    logo_url: text(branding.logo_url),
    color: text(branding.color),
    button_shape: text(branding.button_shape),
    theme: text(branding.theme),
    default_language: text(branding.default_language),
    intro_en: typeof intro === "string" ? intro : text((intro as Branding | undefined)?.en),
    intro_ne: typeof intro === "string" ? "" : text((intro as Branding | undefined)?.ne),
    terms_version: text(terms.version),
    terms_text: text(terms.text),
  };
}

/** Only the keys the operator filled in; `copy` overrides set elsewhere are kept as they were. */
function toBranding(form: Form, previous: Branding): Branding {
  const branding: Branding = {};
  for (const key of [
    "company_name",
    "logo_url",
    "color",
    "button_shape",
    "theme",
    "default_language",
  ] as const) {
    if (form[key].trim()) branding[key] = form[key].trim();
  }
  const intro: Branding = {};
  if (form.intro_en.trim()) intro.en = form.intro_en.trim();
  if (form.intro_ne.trim()) intro.ne = form.intro_ne.trim();
  if (Object.keys(intro).length > 0) branding.intro = intro;
  if (form.terms_version.trim() || form.terms_text.trim()) {
    branding.terms = { version: form.terms_version.trim(), text: form.terms_text.trim() };
  }
  if (previous.copy) branding.copy = previous.copy;
  return branding;
}

export function BrandingPage() {
  const { tenants, tenantId, setTenantId, error: tenantError } = useTenants();
  const [workflows, setWorkflows] = useState<Workflow[]>([]);
  const [scope, setScope] = useState("tenant");
  const [tenantBranding, setTenantBranding] = useState<Branding>({});
  const [form, setForm] = useState<Form>(toForm({}));
  const [locale, setLocale] = useState<Locale>("en");
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    api<{ url: string }>("GET", "/branding/preview-url")
      .then((answer) => setPreviewUrl(answer.url))
      .catch(() => setPreviewUrl(null));
  }, []);

  async function load() {
    if (!tenantId) return;
    const [base, flows] = await Promise.all([
      api<Branding>("GET", `/tenants/${tenantId}/branding`),
      api<Workflow[]>("GET", `/tenants/${tenantId}/workflows`),
    ]);
    setTenantBranding(base);
    setWorkflows(flows);
    const workflow = flows.find((row) => row.id === scope);
    if (scope !== "tenant" && !workflow) setScope("tenant");
    setForm(toForm(workflow ? workflow.branding : base));
  }
  useEffect(() => {
    setMessage(null);
    load().catch(() => setMessage({ ok: false, text: "Branding could not be loaded." }));
  }, [tenantId, scope]);

  const workflow = workflows.find((row) => row.id === scope);
  const own = toBranding(form, workflow ? workflow.branding : tenantBranding);
  // A workflow's keys win over the tenant's (copy merges per locale on the server; whole here).
  const effective = workflow ? { ...tenantBranding, ...own } : own;
  const frameSrc = previewUrl
    ? `${previewUrl}#${encodeURIComponent(JSON.stringify({ branding: effective, locale }))}`
    : null;

  async function save(event: Event) {
    event.preventDefault();
    setMessage(null);
    const path = workflow
      ? `/tenants/${tenantId}/workflows/${workflow.id}/branding`
      : `/tenants/${tenantId}/branding`;
    try {
      await api("PUT", path, own);
      setMessage({ ok: true, text: "Branding saved." });
      await load();
    } catch (failure) {
      setMessage({ ok: false, text: problem(failure, "Branding was not saved.") });
    }
  }

  const field = (key: keyof Form, title: string, hint?: string) => (
    <>
      <label for={`b-${key}`}>{title}</label>
      <input
        id={`b-${key}`}
        value={form[key]}
        placeholder={hint}
        onInput={(event) => setForm({ ...form, [key]: event.currentTarget.value })}
      />
    </>
  );
  const choice = (key: keyof Form, title: string, options: [string, string][]) => (
    <>
      <label for={`b-${key}`}>{title}</label>
      <select
        id={`b-${key}`}
        value={form[key]}
        onChange={(event) => setForm({ ...form, [key]: event.currentTarget.value })}
      >
        <option value="">{workflow ? "As the tenant" : "Default"}</option>
        {options.map(([value, name]) => (
          <option key={value} value={value}>
            {name}
          </option>
        ))}
      </select>
    </>
  );

  return (
    <section>
      <h1>Hosted-page branding</h1>
      <ErrorLine message={tenantError} />
      <div class="filters">
        <TenantPicker tenants={tenants} tenantId={tenantId} onChange={setTenantId} />
        <div class="field">
          <label for="b-scope">Applies to</label>
          <select id="b-scope" value={scope} onChange={(event) => setScope(event.currentTarget.value)}>
            <option value="tenant">Every workflow (tenant)</option>
            {workflows
              .filter((row) => row.status !== "archived")
              .map((row) => (
                <option key={row.id} value={row.id}>
                  Workflow: {row.name}
                </option>
              ))}
          </select>
        </div>
      </div>
      <div class="branding-grid">
        <form class="card" onSubmit={(event) => void save(event)}>
          {message && (
            <p class={message.ok ? "ok" : "error"} role={message.ok ? "status" : "alert"}>
              {message.text}
            </p>
          )}
          {field("company_name", "Company name")}
          {field("logo_url", "Logo URL", "https://… or data:image/png;base64,…")}
          <label for="b-color">Colour</label>
          <div class="color-row">
            <input
              type="color"
              aria-label="Pick a colour"
              value={/^#[0-9a-fA-F]{6}$/.test(form.color) ? form.color : "#1f5fbf"}
              onInput={(event) => setForm({ ...form, color: event.currentTarget.value })}
            />
            <input
              id="b-color"
              value={form.color}
              placeholder="#1f5fbf"
              onInput={(event) => setForm({ ...form, color: event.currentTarget.value })}
            />
          </div>
          {choice("button_shape", "Button shape", [
            ["rounded", "Rounded"],
            ["square", "Square"],
            ["pill", "Pill"],
          ])}
          {choice("theme", "Theme", [
            ["light", "Light"],
            ["dark", "Dark"],
          ])}
          {choice("default_language", "Default language", [
            ["en", "English"],
            ["ne", "Nepali"],
          ])}
          <label for="b-intro_en">Intro (English)</label>
          <textarea
            id="b-intro_en"
            rows={2}
            value={form.intro_en}
            onInput={(event) => setForm({ ...form, intro_en: event.currentTarget.value })}
          />
          <label for="b-intro_ne">Intro (Nepali)</label>
          <textarea
            id="b-intro_ne"
            lang="ne"
            rows={2}
            value={form.intro_ne}
            onInput={(event) => setForm({ ...form, intro_ne: event.currentTarget.value })}
          />
          {field("terms_version", "Terms version", "e.g. 2026-01")}
          <label for="b-terms_text">Terms text</label>
          <textarea
            id="b-terms_text"
            rows={3}
            value={form.terms_text}
            onInput={(event) => setForm({ ...form, terms_text: event.currentTarget.value })}
          />
          <div class="actions">
            <button type="submit" disabled={!tenantId}>
              Save branding
            </button>
          </div>
        </form>
        <div class="card preview">
          <div class="preview-head">
            <h2>Preview</h2>
            <fieldset class="segmented">
              <legend class="visually-hidden">Preview language</legend>
              {(["en", "ne"] as const).map((code) => (
                <button
                  key={code}
                  type="button"
                  class={locale === code ? "" : "secondary"}
                  aria-pressed={locale === code}
                  onClick={() => setLocale(code)}
                >
                  {code === "en" ? "English" : "नेपाली"}
                </button>
              ))}
            </fieldset>
          </div>
          {frameSrc ? (
            <iframe title="Hosted page preview" src={frameSrc} class="preview-frame" />
          ) : (
            <p class="muted">The preview is unavailable.</p>
          )}
        </div>
      </div>
    </section>
  );
}
