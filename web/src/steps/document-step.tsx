// ID_VERIFICATION: front (and back when required) from the live camera, with an outline and quality
// feedback, or from a file where the workflow allows uploads. The server reads the document at submit
// and refuses an unreadable or unaccepted one (422 {detail}: document_not_found, document_unreadable with
// its reason); the applicant retakes, with the camera live again.
import { useEffect, useState } from "preact/hooks";
import { ApiError } from "../api.js";
import { CameraProblem, CameraView } from "../camera/camera-view.js";
import { measureQuality, type Quality } from "../camera/quality.js";
import { grabFrame, useCamera } from "../camera/use-camera.js";
import { errorKey } from "../i18n/i18n.js";
import { Alert, Heading, Spinner } from "../ui.js";
import type { StepProps } from "./step-props.js";

type Side = "front" | "back";
type Source = "camera" | "upload";

/** Phone photos can be 10 MB: downscale to a 2000-pixel JPEG before sending. */
async function fileToDataUrl(file: File): Promise<string> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, 2000 / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext("2d")!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return canvas.toDataURL("image/jpeg", 0.92);
}

/** The server tells a photo without a document from one too dark, glared or blurred to read. */
function refusalKey(error: ApiError): string {
  return error.code === "document_unreadable" && error.reason
    ? `document_unreadable_${error.reason}`
    : error.code;
}

export function DocumentStep({ t, config, submit }: StepProps) {
  const types = (config.document_types ?? []) as string[];
  const requireBack = config.require_back === true;
  const allowUpload = config.allow_upload !== false;
  const [side, setSide] = useState<Side>("front");
  const [images, setImages] = useState<Partial<Record<Side, string>>>({});
  const [preview, setPreview] = useState<string | null>(null);
  const [source, setSource] = useState<Source>("camera");
  const [documentType, setDocumentType] = useState("");
  const [quality, setQuality] = useState<Quality | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const camera = useCamera("environment", source === "camera" && !preview);

  useEffect(() => {
    if (camera.status !== "ready" || preview) return;
    const timer = setInterval(() => {
      const video = camera.videoRef.current;
      if (video) setQuality(measureQuality(video));
    }, 400);
    return () => clearInterval(timer);
  }, [camera.status, preview]);

  const send = async (captured: Partial<Record<Side, string>>, from: Source) => {
    setBusy(true);
    setError(null);
    try {
      await submit({
        front_image: captured.front,
        ...(captured.back ? { back_image: captured.back } : {}),
        source: from,
        ...(documentType ? { document_type: documentType } : {}),
      });
    } catch (caught) {
      setError(caught instanceof ApiError ? refusalKey(caught) : "generic");
      setImages({});
      setSide("front");
      setPreview(null);
      // Back to the live camera whatever the rejected photo came from (an upload had switched it off).
      setSource("camera");
      setBusy(false);
    }
  };

  const accept = (image: string, from: Source) => {
    const next = { ...images, [side]: image };
    setImages(next);
    setPreview(null);
    if (side === "front" && requireBack) setSide("back");
    else void send(next, from);
  };

  const capture = () => {
    const video = camera.videoRef.current;
    const frame = video ? grabFrame(video, 2000, 0.92) : null;
    if (frame) setPreview(frame);
    else setError("capture_failed");
  };

  const onFile = async (event: Event) => {
    const input = event.currentTarget as HTMLInputElement;
    const file = input.files?.[0];
    input.value = "";
    if (!file) return;
    try {
      setPreview(await fileToDataUrl(file));
      setSource("upload");
    } catch {
      setError("invalid_image");
    }
  };

  const sideLabel = t(side === "front" ? "document.side.front" : "document.side.back");
  const uploadButton = allowUpload ? (
    <label class="btn secondary" style={{ textAlign: "center" }}>
      {t("document.upload")}
      <input
        type="file"
        accept="image/*"
        class="visually-hidden"
        onChange={onFile}
        data-testid="document-upload"
      />
    </label>
  ) : null;

  if (busy) return <Spinner label={t("common.sending")} />;
  return (
    <>
      <Heading>{t("document.heading")}</Heading>
      <p class="status-ok" aria-live="polite">
        {sideLabel}
      </p>
      {types.length > 1 && side === "front" && !preview ? (
        <label class="field">
          <span>
            {t("document.type_label")} <span class="hint">{t("common.optional")}</span>
          </span>
          <select value={documentType} onChange={(e) => setDocumentType(e.currentTarget.value)}>
            <option value="">{t("questionnaire.choose")}</option>
            {types.map((type) => (
              <option key={type} value={type}>
                {t(`document.type.${type}` as Parameters<typeof t>[0])}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {error ? <Alert>{t(errorKey(error))}</Alert> : null}
      {preview ? (
        <>
          <div class="camera doc">
            <img class="still" src={preview} alt={t("document.preview_alt", { side: sideLabel })} />
          </div>
          <div class="actions">
            <button type="button" class="btn" onClick={() => accept(preview, source)}>
              {t("document.use_photo")}
            </button>
            <button
              type="button"
              class="btn secondary"
              onClick={() => {
                setPreview(null);
                setSource("camera");
              }}
            >
              {t("document.retake")}
            </button>
          </div>
        </>
      ) : camera.status === "denied" || camera.status === "unavailable" ? (
        <CameraProblem camera={camera} t={t} fallback={uploadButton} />
      ) : (
        <>
          <p class="muted small">{t("document.hint")}</p>
          <CameraView
            camera={camera}
            t={t}
            shape="doc"
            good={quality === "good"}
            status={quality ? t(`quality.${quality}`) : null}
          />
          <div class="actions">
            <button type="button" class="btn" onClick={capture} disabled={camera.status !== "ready"}>
              {t("document.capture")}
            </button>
            {uploadButton}
          </div>
        </>
      )}
    </>
  );
}
