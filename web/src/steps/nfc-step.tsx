// NFC_VERIFICATION: browsers cannot read a passport chip, so the page hands the session to the native app —
// a link that opens it there (phones) and the same link as a QR code (computers). The app posts the chip's
// files to this step; "I have finished" reloads the state, which has moved on once the app is done.
import { useMemo, useState } from "preact/hooks";
import { encode } from "uqr";
import type { StepConfigs } from "../api.js";
import { Heading } from "../ui.js";
import type { StepProps } from "./step-props.js";

function QrCode({ text, label }: { text: string; label: string }) {
  const path = useMemo(() => {
    const { data } = encode(text, { border: 2, ecc: "M" });
    let d = "";
    data.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      });
    });
    return { d, size: data.length };
  }, [text]);
  return (
    <svg
      class="qr"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${path.size} ${path.size}`}
      shape-rendering="crispEdges"
    >
      <rect width={path.size} height={path.size} fill="#fff" />
      <path d={path.d} fill="#000" />
    </svg>
  );
}

export function NfcStep({ t, config, refresh }: StepProps) {
  const { handoff_url: handoffUrl } = config as StepConfigs["nfc"];
  const [checked, setChecked] = useState(false);
  return (
    <>
      <Heading>{t("nfc.heading")}</Heading>
      <p class="muted">{t("nfc.body")}</p>
      <div class="actions">
        <a class="btn" href={handoffUrl} style={{ textAlign: "center", textDecoration: "none" }}>
          {t("nfc.open_app")}
        </a>
      </div>
      <div class="qr-box">
        <QrCode text={handoffUrl} label={t("nfc.qr_label")} />
        <p class="small muted center">{t("nfc.scan")}</p>
      </div>
      {checked ? (
        <p class="small muted center" aria-live="polite">
          {t("nfc.waiting")}
        </p>
      ) : null}
      <div class="actions">
        <button
          type="button"
          class="btn secondary"
          onClick={() => {
            setChecked(true);
            refresh();
          }}
        >
          {t("nfc.check")}
        </button>
      </div>
    </>
  );
}
