// AML_SCREENING (when no earlier document step names the applicant): confirm name, date of birth and
// nationality, pre-filled from the session's prefill and editable as the step's config allows. The server
// validates and answers `invalid_<field>`, shown beside the field it names.
import { useMemo, useState } from "preact/hooks";
import type { AmlField } from "../../../src/verify/applicant/step-contract.js";
import { ApiError, type StepBodies, type StepConfigs } from "../api.js";
import { errorKey } from "../i18n/i18n.js";
import { Alert, Heading } from "../ui.js";
import { countryOptions } from "./countries.js";
import type { StepProps } from "./step-props.js";

type Values = Record<AmlField["id"], string>;

const LABELS = {
  full_name: "aml.full_name",
  date_of_birth: "aml.date_of_birth",
  nationality: "aml.nationality",
} as const;

export function AmlStep({ t, locale, config, submit }: StepProps) {
  const fields = (config as StepConfigs["aml_confirmation"]).fields ?? [];
  const [values, setValues] = useState<Values>(() => ({
    full_name: "",
    date_of_birth: "",
    nationality: "",
    ...Object.fromEntries(fields.map((field) => [field.id, field.value ?? ""])),
  }));
  const [fieldError, setFieldError] = useState<{ id: AmlField["id"]; key: "required" | "invalid" } | null>(
    null,
  );
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const countries = useMemo(() => countryOptions(locale), [locale]);
  const today = new Date().toISOString().slice(0, 10);

  const flag = (id: AmlField["id"], key: "required" | "invalid") => {
    setFieldError({ id, key });
    document.getElementById(`aml-${id}`)?.focus();
  };

  const onSubmit = async (event: Event) => {
    event.preventDefault();
    setError(null);
    setFieldError(null);
    const missing = fields.find((field) => field.required && values[field.id].trim() === "");
    if (missing) return flag(missing.id, "required");
    setBusy(true);
    const body: StepBodies["aml_confirmation"] = {
      full_name: values.full_name.trim(),
      ...(values.date_of_birth ? { date_of_birth: values.date_of_birth } : {}),
      ...(values.nationality ? { nationality: values.nationality } : {}),
    };
    try {
      await submit(body);
    } catch (caught) {
      const code = caught instanceof ApiError ? caught.code : "generic";
      const named = fields.find((field) => code === `invalid_${field.id}`);
      if (named) flag(named.id, "invalid");
      else setError(code);
      setBusy(false);
    }
  };

  return (
    <form onSubmit={onSubmit} style={{ display: "contents" }} noValidate>
      <Heading>{t("aml.heading")}</Heading>
      <p class="muted">{t("aml.body")}</p>
      {fields.map((field) => {
        const invalid = fieldError?.id === field.id;
        const id = `aml-${field.id}`;
        const control = {
          id,
          disabled: busy,
          readOnly: !field.editable,
          "aria-invalid": invalid ? ("true" as const) : undefined,
          "aria-describedby": invalid ? `${id}-error` : undefined,
          "aria-required": field.required,
        };
        const set = (value: string) => setValues((previous) => ({ ...previous, [field.id]: value }));
        return (
          // biome-ignore lint/a11y/noLabelWithoutControl: the control is one of the branches below
          <label class="field" key={field.id}>
            <span>
              {t(LABELS[field.id])}{" "}
              <span class="hint">{field.required ? t("common.required") : t("common.optional")}</span>
            </span>
            {field.type === "country" ? (
              <select
                {...control}
                disabled={busy || !field.editable}
                value={values[field.id]}
                onChange={(e) => set(e.currentTarget.value)}
              >
                <option value="">{t("questionnaire.choose")}</option>
                {countries.map((country) => (
                  <option key={country.code} value={country.code}>
                    {country.name}
                  </option>
                ))}
              </select>
            ) : (
              <input
                {...control}
                type={field.type === "date" ? "date" : "text"}
                max={field.type === "date" ? today : undefined}
                value={values[field.id]}
                onInput={(e) => set(e.currentTarget.value)}
                autoComplete={field.type === "date" ? "bday" : "name"}
              />
            )}
            {field.id === "full_name" ? <span class="hint">{t("aml.full_name_hint")}</span> : null}
            {invalid ? (
              <span class="field-error" id={`${id}-error`}>
                {t(fieldError.key === "required" ? "aml.required" : `aml.invalid.${field.id}`)}
              </span>
            ) : null}
          </label>
        );
      })}
      {error ? <Alert>{t(errorKey(error))}</Alert> : null}
      <div class="actions">
        <button type="submit" class="btn" disabled={busy}>
          {busy ? t("common.sending") : t("aml.confirm")}
        </button>
      </div>
    </form>
  );
}
