// Where a code goes: the address the applicant entered (when the node allows it), else the one a resend
// used before, else the session's contact_email / contact_phone; phone numbers in E.164.
import { z } from "zod";
import { AppError } from "../../platform/errors.js";
import type { ContactChannel } from "./contact-tables.js";
import { toE164 } from "./phone-number.js";

const emailSchema = z.email().max(254);

export function normaliseDestination(channel: ContactChannel, raw: string, region: string): string | null {
  if (channel === "email") {
    const trimmed = raw.trim();
    return emailSchema.safeParse(trimmed).success ? trimmed : null;
  }
  return toE164(raw, region);
}

export interface DestinationInput {
  channel: ContactChannel;
  /** What the applicant sent in the body (`email` or `phone`), if anything. */
  entered: unknown;
  allowInput: boolean;
  region: string;
  previous: string | null;
  sessionContact: string | null;
}

export function chooseDestination(input: DestinationInput): string {
  const { channel } = input;
  if (input.entered !== undefined && input.entered !== null && input.entered !== "") {
    if (!input.allowInput) {
      throw new AppError("validation_failed", {
        field: channel,
        detail: "contact_not_editable",
        message: `This step sends the code to the ${channel === "email" ? "email address" : "phone number"} on file.`,
      });
    }
    const chosen =
      typeof input.entered === "string" ? normaliseDestination(channel, input.entered, input.region) : null;
    if (!chosen) {
      throw new AppError("validation_failed", {
        field: channel,
        detail: `invalid_${channel}`,
        message:
          channel === "email" ? "That is not a valid email address." : "That is not a valid mobile number.",
      });
    }
    return chosen;
  }
  if (input.previous) return input.previous;
  const onFile = input.sessionContact
    ? normaliseDestination(channel, input.sessionContact, input.region)
    : null;
  if (onFile) return onFile;
  if (input.allowInput) {
    throw new AppError("validation_failed", {
      field: channel,
      detail: "contact_required",
      message: `Send the ${channel === "email" ? "email address" : "phone number"} to verify (${channel}).`,
    });
  }
  throw new AppError("unprocessable", {
    detail: "contact_missing",
    message: `The session has no usable ${channel === "email" ? "contact_email" : "contact_phone"} and this step does not let the applicant enter one.`,
  });
}

/** What the page shows of an address it did not receive from the applicant: enough to recognise it. */
export function maskDestination(channel: ContactChannel, destination: string): string {
  if (channel === "email") {
    const at = destination.lastIndexOf("@");
    return `${destination.slice(0, 1)}•••${destination.slice(at)}`;
  }
  return `${destination.slice(0, 4)}${"•".repeat(Math.max(0, destination.length - 7))}${destination.slice(-3)}`;
}
