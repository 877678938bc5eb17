// PROOF_OF_ADDRESS: phone first — "Take a photo" opens the phone's camera (a file input with `capture`), and
// "Choose a file" takes the bank's or provider's PDF or a photo. The chosen file is previewed, then sent
// whole ({file, source}); the server reads it at submit and refuses, for another try, what it cannot use
// (422 {detail}: poa_screenshot, poa_unreadable, poa_type_not_accepted, poa_too_many_pages…).
import { useState } from "preact/hooks";
import { ApiError, type StepBodies, type StepConfigs } from "../api.js";
import type { StringKey } from "../i18n/en.js";
import { errorKey } from "../i18n/i18n.js";
import { Alert, Heading, Spinner } from "../ui.js";
import type { StepProps } from "./step-props.js";

type Config = StepConfigs["proof_of_address"];
type Source = "camera" | "upload";

interface Chosen {
  dataUrl: string;
  isPdf: boolean;
  name: string;
  source: Source;
}

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** Photos other than JPEG/PNG (HEIC, WebP) or above the limit are re-encoded: a 2400-pixel JPEG keeps print legible. */
async function photoDataUrl(file: File, maxBytes: number): Promise<string> {
  if ((file.type === "image/jpeg" || file.type === "image/png") && file.size <= maxBytes) {
    return readAsDataUrl(file);
  }
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, 2400 / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext("2d")!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return canvas.toDataURL("image/jpeg", 0.9);
}

export function ProofOfAddressStep({ t, config, submit }: StepProps) {
  const settings = config as Partial<Config>;
  const types = settings.accepted_types ?? [];
  const maxBytes = settings.max_bytes ?? 8 * 1024 * 1024;
  const mb = Math.round(maxBytes / (1024 * 1024));
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [error, setError] = useState<{ key: StringKey; mb?: number } | null>(null);
  const [busy, setBusy] = useState(false);

  const onFile = (source: Source) => async (event: Event) => {
    const input = event.currentTarget as HTMLInputElement;
    const file = input.files?.[0];
    input.value = "";
    if (!file) return;
    setError(null);
    const isPdf = file.type === "application/pdf" || /\.pdf$/i.test(file.name);
    if (isPdf && file.size > maxBytes) return setError({ key: "error.file_too_large", mb });
    try {
      const dataUrl = isPdf ? await readAsDataUrl(file) : await photoDataUrl(file, maxBytes);
      setChosen({ dataUrl, isPdf, name: file.name, source });
    } catch {
      setError({ key: "error.invalid_file" });
    }
  };

  const send = async () => {
    if (!chosen) return;
    setBusy(true);
    setError(null);
    const body: StepBodies["proof_of_address"] = { file: chosen.dataUrl, source: chosen.source };
    try {
      await submit(body);
    } catch (caught) {
      setError({ key: errorKey(caught instanceof ApiError ? caught.code : "generic") });
      setChosen(null);
      setBusy(false);
    }
  };

  if (busy) return <Spinner label={t("poa.reading")} />;
  return (
    <>
      <Heading>{t("poa.heading")}</Heading>
      <p class="muted">{t("poa.body", { days: settings.max_age_days ?? 90 })}</p>
      {types.length > 0 && !chosen ? (
        <div class="poa-types">
          <p class="small muted">{t("poa.accepted")}</p>
          <ul>
            {types.map((type) => (
              <li key={type}>{t(`poa.type.${type}` as StringKey)}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {error ? <Alert>{t(error.key, error.mb ? { mb: error.mb } : undefined)}</Alert> : null}
      {chosen ? (
        <>
          {chosen.isPdf ? (
            <div class="poa-file" data-testid="poa-selected">
              <span class="poa-file-icon" aria-hidden="true">
                PDF
              </span>
              <span>
                <strong>{t("poa.selected_pdf")}</strong>
                <br />
                <span class="small muted">{chosen.name}</span>
              </span>
            </div>
          ) : (
            <div class="poa-preview">
              <img
                class="poa-preview-img"
                src={chosen.dataUrl}
                alt={t("poa.preview_alt")}
                data-testid="poa-selected"
              />
            </div>
          )}
          <div class="actions">
            <button type="button" class="btn" onClick={send}>
              {t("poa.use")}
            </button>
            <button type="button" class="btn secondary" onClick={() => setChosen(null)}>
              {t("poa.change")}
            </button>
          </div>
        </>
      ) : (
        <>
          <p class="small muted">{t("poa.hint")}</p>
          <div class="actions">
            <label class="btn" style={{ textAlign: "center" }}>
              {t("poa.camera")}
              <input
                type="file"
                accept="image/*"
                capture="environment"
                class="visually-hidden"
                onChange={onFile("camera")}
                data-testid="poa-camera"
              />
            </label>
            <label class="btn secondary" style={{ textAlign: "center" }}>
              {t("poa.file")}
              <input
                type="file"
                accept="application/pdf,image/jpeg,image/png,image/*"
                class="visually-hidden"
                onChange={onFile("upload")}
                data-testid="poa-file"
              />
            </label>
          </div>
          <p class="small muted">{t("poa.limits", { mb, pages: settings.max_pages ?? 5 })}</p>
        </>
      )}
    </>
  );
}
