// Shared pieces of the session tests: a questionnaire workflow (the module every build serves), a helper
// that creates a session over HTTP, one that drives the applicant API to a decision, and a real image.
import assert from "node:assert/strict";
import sharp from "sharp";
import { createWorkflow } from "../../src/verify/workflows/workflows.js";
import type { TestApp, TestTenant } from "../support/test-app.js";

export const QUESTIONNAIRE_WORKFLOW = {
  name: "Questions",
  nodes: [
    {
      id: "questions",
      feature: "QUESTIONNAIRE",
      config: {
        questions: [
          { id: "occupation", label: "पेशा (Occupation)", type: "text" },
          { id: "funds", label: "Source of funds", type: "choice", options: ["salary", "business"] },
        ],
      },
    },
  ],
};

export async function questionnaireWorkflow(
  t: TestApp,
  tenant: TestTenant,
  name = "Questions",
): Promise<string> {
  return (await createWorkflow(t.services.db, tenant.tenant_id, { ...QUESTIONNAIRE_WORKFLOW, name })).id;
}

export interface CreatedSession {
  id: string;
  url: string;
  token: string;
  [key: string]: unknown;
}

export async function createSessionOver(
  t: TestApp,
  tenant: TestTenant,
  body: Record<string, unknown> = {},
): Promise<CreatedSession> {
  const response = await t.app.inject({
    method: "POST",
    url: "/v3/session/",
    headers: tenant.headers,
    payload: body,
  });
  assert.equal(response.statusCode, 201, response.body);
  const session = response.json();
  return { ...session, token: String(session.url).split("/verify/")[1] };
}

/** Sets a session's status by the tenant's override (PATCH update-status), asserting it was accepted. */
export async function updateSessionStatus(
  t: TestApp,
  tenant: TestTenant,
  sessionId: string,
  status: string,
): Promise<void> {
  const changed = await t.app.inject({
    method: "PATCH",
    url: `/v3/session/${sessionId}/update-status/`,
    headers: tenant.headers,
    payload: { status },
  });
  assert.equal(changed.statusCode, 200, changed.body);
}

/** Holds a session for review by the tenant's status override, as a reviewer finds it. */
export function holdForReview(t: TestApp, tenant: TestTenant, sessionId: string): Promise<void> {
  return updateSessionStatus(t, tenant, sessionId, "in_review");
}

/** Opens the hosted flow, answers the questionnaire and finishes; returns the decided status. */
export async function completeQuestionnaire(
  t: TestApp,
  token: string,
  answers: Record<string, unknown> = { occupation: "शिक्षक", funds: "salary" },
): Promise<string> {
  assert.equal((await t.app.inject({ url: `/flow-api/${token}/state` })).statusCode, 200);
  const step = await t.app.inject({
    method: "POST",
    url: `/flow-api/${token}/steps/questions`,
    payload: { answers },
  });
  assert.equal(step.statusCode, 200, step.body);
  const finished = await t.app.inject({ method: "POST", url: `/flow-api/${token}/finish` });
  assert.equal(finished.statusCode, 200, finished.body);
  return finished.json().status;
}

/** A real PNG (a colour gradient with a dark square), encoded as base64. */
export async function pngBase64(width = 240, height = 180): Promise<string> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const inSquare = x > width / 3 && x < (2 * width) / 3 && y > height / 3 && y < (2 * height) / 3;
      raw[i] = inSquare ? 20 : Math.round((x / width) * 255);
      raw[i + 1] = inSquare ? 20 : Math.round((y / height) * 255);
      raw[i + 2] = inSquare ? 20 : 160;
    }
  }
  const png = await sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
  return png.toString("base64");
}
