// CONFIRM_DETAILS: the values read from the identity document, the ones the node lets the applicant correct
// as labelled inputs first, then the read-only ones as text. Only changed values are sent ({fields}); nothing changed
// sends {confirm: true}. The server answers `invalid_<field>` beside the field it names.
import { useState } from "preact/hooks";
import type { ConfirmField } from "../../../src/verify/applicant/step-contract.js";
import { ApiError, type StepBodies, type StepConfigs } from "../api.js";
import { en, type StringKey } from "../i18n/en.js";
import { errorKey, type Translate } from "../i18n/i18n.js";
import { Alert, Heading } from "../ui.js";
import type { StepProps } from "./step-props.js";

/** A field the copy names (English holds every key; Nepali is checked against it by the locale test). */
function isStringKey(key: string): key is StringKey {
  return Object.hasOwn(en, key);
}

function labelOf(t: Translate, id: string): string {
  const latin = id.endsWith("_latin");
  const base = latin ? id.slice(0, -"_latin".length) : id;
  const key = `confirm.field.${base}`;
  const name = isStringKey(key) ? t(key) : base.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
  return latin ? t("confirm.latin", { field: name }) : name;
}

export function ConfirmDetailsStep({ t, config, submit }: StepProps) {
  const fields: ConfirmField[] = (config as StepConfigs["confirm_details"]).fields ?? [];
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((field) => [field.id, field.value ?? ""])),
  );
  const [invalidField, setInvalidField] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const editable = fields.filter((field) => field.editable);
  const readOnly = fields.filter((field) => !field.editable);

  const flag = (id: string) => {
    setInvalidField(id);
    document.getElementById(`confirm-${id}`)?.focus();
  };

  const onSubmit = async (event: Event) => {
    event.preventDefault();
    setError(null);
    setInvalidField(null);
    const changed: Record<string, string> = {};
    for (const field of editable) {
      const value = (values[field.id] ?? "").trim();
      if (value === (field.value ?? "")) continue;
      if (!value) return flag(field.id);
      changed[field.id] = value;
    }
    setBusy(true);
    const body: StepBodies["confirm_details"] =
      Object.keys(changed).length > 0 ? { fields: changed } : { confirm: true };
    try {
      await submit(body);
    } catch (caught) {
      const code = caught instanceof ApiError ? caught.code : "generic";
      const named = editable.find((field) => code === `invalid_${field.id}`);
      if (named) flag(named.id);
      else setError(code);
      setBusy(false);
    }
  };

  return (
    <form onSubmit={onSubmit} style={{ display: "contents" }} noValidate>
      <Heading>{t("confirm.heading")}</Heading>
      <p class="muted">{t(editable.length > 0 ? "confirm.body" : "confirm.body_read_only")}</p>
      {editable.map((field) => {
        const id = `confirm-${field.id}`;
        const invalid = invalidField === field.id;
        return (
          <label class="field" key={field.id} for={id}>
            <span>{labelOf(t, field.id)}</span>
            <input
              id={id}
              name={field.id}
              type={field.type === "date" ? "date" : "text"}
              lang={field.script === "devanagari" ? "ne" : undefined}
              value={values[field.id] ?? ""}
              disabled={busy}
              aria-invalid={invalid ? "true" : undefined}
              aria-describedby={invalid ? `${id}-error` : undefined}
              onInput={(e) => {
                const value = e.currentTarget.value;
                setValues((previous) => ({ ...previous, [field.id]: value }));
                if (invalid) setInvalidField(null);
              }}
            />
            {field.value === null ? <span class="hint">{t("confirm.not_read")}</span> : null}
            {invalid ? (
              <span class="field-error" id={`${id}-error`}>
                {t(field.type === "date" ? "confirm.invalid_date" : "confirm.invalid_text")}
              </span>
            ) : null}
          </label>
        );
      })}
      {readOnly.length > 0 ? (
        <dl class="details">
          {readOnly.map((field) => (
            <div key={field.id}>
              <dt>{labelOf(t, field.id)}</dt>
              <dd lang={field.script === "devanagari" ? "ne" : undefined}>{field.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {error ? <Alert>{t(errorKey(error))}</Alert> : null}
      <div class="actions">
        <button type="submit" class="btn" disabled={busy}>
          {busy ? t("common.sending") : t("confirm.submit")}
        </button>
      </div>
    </form>
  );
}
