// TOTP codes (RFC 6238: SHA-1, 6 digits, 30-second steps, what every authenticator app uses) with otplib. A
// code is accepted one step early or late (clock drift), and never for a step at or before the last one
// accepted, so an observed code cannot be replayed.
import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";

export const TOTP_ISSUER = "KYC console";
const TOLERANCE_SECONDS = 30;

export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

export function otpauthUri(email: string, secret: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: email, secret });
}

/** The otpauth URI as an SVG QR code (rendered by the page as a data: image; the CSP allows data: images). */
export function qrCodeSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
}

/** The step the code is valid for, or null (wrong, malformed, or a step already used). */
export async function acceptedTotpStep(
  secret: string,
  code: string,
  lastStep: number | null,
): Promise<number | null> {
  const token = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const result = await verify({
    secret,
    token,
    epochTolerance: TOLERANCE_SECONDS,
    ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
  });
  return result.valid && "timeStep" in result ? result.timeStep : null;
}
