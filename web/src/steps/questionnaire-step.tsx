// QUESTIONNAIRE: text, choice (one or many), date and file questions; the server validates and answers
// `{detail: "<id>_required" | "invalid_<id>"}`, shown beside the question it names.
import { useState } from "preact/hooks";
import { ApiError } from "../api.js";
import { errorKey } from "../i18n/i18n.js";
import { Alert, Heading } from "../ui.js";
import type { StepProps } from "./step-props.js";

interface Question {
  id: string;
  label: string;
  type: "text" | "choice" | "date" | "file";
  required: boolean;
  options?: string[];
  multiple?: boolean;
}

type Answer = string | string[];

function readFile(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

export function QuestionnaireStep({ t, config, submit }: StepProps) {
  const questions = (config.questions ?? []) as Question[];
  const [answers, setAnswers] = useState<Record<string, Answer>>({});
  const [fieldError, setFieldError] = useState<{ id: string; key: "required" | "invalid" } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (id: string, value: Answer) => setAnswers((previous) => ({ ...previous, [id]: value }));

  const onSubmit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setFieldError(null);
    try {
      await submit({ answers });
    } catch (caught) {
      const code = caught instanceof ApiError ? caught.code : "generic";
      const named = questions.find((q) => code === `${q.id}_required` || code === `invalid_${q.id}`);
      if (named) {
        setFieldError({ id: named.id, key: code.endsWith("_required") ? "required" : "invalid" });
        document.getElementById(`q-${named.id}`)?.focus();
      } else setError(code);
      setBusy(false);
    }
  };

  return (
    <form onSubmit={onSubmit} style={{ display: "contents" }} noValidate>
      <Heading>{t("questionnaire.heading")}</Heading>
      {questions.map((q) => {
        const invalid = fieldError?.id === q.id;
        const message = invalid ? (
          <span class="field-error" id={`q-${q.id}-error`}>
            {t(
              fieldError.key === "required"
                ? "questionnaire.answer_required"
                : "questionnaire.answer_invalid",
            )}
          </span>
        ) : null;
        const hint = <span class="hint">{q.required ? t("common.required") : t("common.optional")}</span>;
        const aria = {
          "aria-invalid": invalid ? ("true" as const) : undefined,
          "aria-describedby": invalid ? `q-${q.id}-error` : undefined,
          "aria-required": q.required,
        };
        if (q.type === "choice" && q.multiple) {
          const chosen = (answers[q.id] as string[] | undefined) ?? [];
          return (
            <fieldset key={q.id} id={`q-${q.id}`} tabIndex={-1} {...aria}>
              <legend>
                {q.label} {hint}
              </legend>
              {q.options!.map((option) => (
                <label class="choice" key={option}>
                  <input
                    type="checkbox"
                    checked={chosen.includes(option)}
                    onChange={(e) =>
                      set(
                        q.id,
                        e.currentTarget.checked ? [...chosen, option] : chosen.filter((o) => o !== option),
                      )
                    }
                  />
                  {option}
                </label>
              ))}
              {message}
            </fieldset>
          );
        }
        if (q.type === "choice" && q.options!.length <= 4) {
          return (
            <fieldset key={q.id} id={`q-${q.id}`} tabIndex={-1} {...aria}>
              <legend>
                {q.label} {hint}
              </legend>
              {q.options!.map((option) => (
                <label class="choice" key={option}>
                  <input
                    type="radio"
                    name={q.id}
                    checked={answers[q.id] === option}
                    onChange={() => set(q.id, option)}
                  />
                  {option}
                </label>
              ))}
              {message}
            </fieldset>
          );
        }
        return (
          // biome-ignore lint/a11y/noLabelWithoutControl: the control is one of the branches below
          <label class="field" key={q.id}>
            <span>
              {q.label} {hint}
            </span>
            {q.type === "choice" ? (
              <select
                id={`q-${q.id}`}
                value={(answers[q.id] as string | undefined) ?? ""}
                onChange={(e) => set(q.id, e.currentTarget.value)}
                {...aria}
              >
                <option value="">{t("questionnaire.choose")}</option>
                {q.options!.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            ) : q.type === "file" ? (
              <>
                <span class="hint">{t("questionnaire.file_hint")}</span>
                <input
                  id={`q-${q.id}`}
                  type="file"
                  accept="image/jpeg,image/png"
                  onChange={async (e) => {
                    const file = e.currentTarget.files?.[0];
                    if (file) set(q.id, await readFile(file));
                  }}
                  {...aria}
                />
              </>
            ) : (
              <input
                id={`q-${q.id}`}
                type={q.type === "date" ? "date" : "text"}
                value={(answers[q.id] as string | undefined) ?? ""}
                onInput={(e) => set(q.id, e.currentTarget.value)}
                autoComplete="off"
                {...aria}
              />
            )}
            {message}
          </label>
        );
      })}
      {error ? <Alert>{t(errorKey(error))}</Alert> : null}
      <div class="actions">
        <button type="submit" class="btn" disabled={busy}>
          {busy ? t("common.sending") : t("common.continue")}
        </button>
      </div>
    </form>
  );
}
