// QUESTIONNAIRE: questions of text, choice, date and file types, answered by the applicant and validated on
// the server (spec: questionnaire_responses entries have answers and questions[] with id, label, type, answer,
// answer_file_id, answer_file_url; a file answer is a URL).
import { z } from "zod";
import { decodeImageField } from "../../engines/image/decode-image-field.js";
import { AppError } from "../../platform/errors.js";
import { mediaUrl, saveEvidence } from "../../platform/media/evidence.js";
import type { StepConfigs } from "../applicant/step-contract.js";
import type { WorkflowModule } from "./module.js";

const question = z.object({
  id: z.string().regex(/^[a-z0-9_]{1,64}$/, "question ids are lower-case letters, digits and _"),
  label: z.string().min(1).max(500),
  label_ne: z.string().max(500).optional(),
  type: z.enum(["text", "choice", "date", "file"]),
  required: z.boolean().default(true),
  options: z.array(z.string().min(1).max(200)).max(50).optional(),
  multiple: z.boolean().default(false),
  max_length: z.number().int().min(1).max(5000).default(1000),
});
type Question = z.infer<typeof question>;

const configSchema = z.object({ questions: z.array(question).min(1).max(50) }).superRefine((config, ctx) => {
  const ids = new Set<string>();
  for (const [index, q] of config.questions.entries()) {
    if (ids.has(q.id))
      ctx.addIssue({ code: "custom", message: `duplicate question id ${q.id}`, path: ["questions", index] });
    ids.add(q.id);
    if (q.type === "choice" && (!q.options || q.options.length < 2)) {
      ctx.addIssue({
        code: "custom",
        message: `choice question ${q.id} needs at least two options`,
        path: ["questions", index],
      });
    }
  }
});

type StoredAnswer = { value: string | string[] | null; file_id?: string; file_path?: string };

function parseConfig(config: unknown): Record<string, unknown> {
  const parsed = configSchema.safeParse(config);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError("invalid_workflow", {
      message: `QUESTIONNAIRE: ${issue.path.join(".")} ${issue.message}`.trim(),
    });
  }
  return parsed.data;
}

function questionsOf(config: Record<string, unknown>): Question[] {
  return (configSchema.parse(config) as { questions: Question[] }).questions;
}

async function validateAnswer(q: Question, raw: unknown): Promise<StoredAnswer | Buffer | null> {
  const missing = raw === undefined || raw === null || raw === "" || (Array.isArray(raw) && raw.length === 0);
  if (missing) {
    if (q.required) throw new AppError("validation_failed", { field: q.id, detail: `${q.id}_required` });
    return { value: null };
  }
  switch (q.type) {
    case "text":
      if (typeof raw !== "string" || raw.length > q.max_length) throw invalid(q);
      return { value: raw.trim() };
    case "date": {
      const ok =
        typeof raw === "string" &&
        /^\d{4}-\d{2}-\d{2}$/.test(raw) &&
        !Number.isNaN(Date.parse(`${raw}T00:00:00Z`));
      if (!ok || new Date(`${raw}T00:00:00Z`).toISOString().slice(0, 10) !== raw) throw invalid(q);
      return { value: raw };
    }
    case "choice": {
      const values = Array.isArray(raw) ? raw : [raw];
      if (!q.multiple && values.length !== 1) throw invalid(q);
      if (!values.every((value) => typeof value === "string" && q.options!.includes(value))) throw invalid(q);
      return { value: q.multiple ? (values as string[]) : (values[0] as string) };
    }
    case "file":
      return (await decodeImageField(raw, q.id)).bytes;
  }
}

function invalid(q: Question): AppError {
  return new AppError("validation_failed", { field: q.id, detail: `invalid_${q.id}` });
}

export const questionnaireModule: WorkflowModule = {
  features: ["QUESTIONNAIRE"],
  decisionArray: "questionnaire_responses",
  parseConfig,
  entitlements: () => ["QUESTIONNAIRE"],
  step: {
    async describe(context): Promise<StepConfigs["questionnaire"]> {
      const questions = questionsOf(context.node.config).map((q) => ({
        id: q.id,
        label: context.session.locale === "ne" && q.label_ne ? q.label_ne : q.label,
        type: q.type,
        required: q.required,
        ...(q.options ? { options: q.options, multiple: q.multiple } : {}),
      }));
      return { questions };
    },
    async submit(context, body) {
      const answers = (body as { answers?: unknown })?.answers;
      if (!answers || typeof answers !== "object" || Array.isArray(answers)) {
        throw new AppError("validation_failed", { field: "answers", detail: "answers_required" });
      }
      const stored: Record<string, StoredAnswer> = {};
      for (const q of questionsOf(context.node.config)) {
        const answer = await validateAnswer(q, (answers as Record<string, unknown>)[q.id]);
        if (Buffer.isBuffer(answer)) {
          const saved = await saveEvidence(context.db, context.services.media, {
            tenantId: context.session.tenant_id,
            sessionId: context.session.id,
            kind: "questionnaire_file",
            bytes: answer,
            contentType: answer[0] === 0x89 ? "image/png" : "image/jpeg",
          });
          stored[q.id] = { value: null, file_id: saved.id, file_path: saved.path };
        } else if (answer) {
          stored[q.id] = answer;
        }
      }
      return { answers: stored };
    },
  },
  async evaluate(context) {
    const stored = (context.captures.answers ?? {}) as Record<string, StoredAnswer>;
    const publicUrl = context.services.config.publicUrl;
    const questions = questionsOf(context.node.config).map((q) => {
      const answer = stored[q.id];
      return {
        id: q.id,
        label: q.label,
        type: q.type,
        answer: answer?.file_path ? mediaUrl(publicUrl, answer.file_path) : (answer?.value ?? null),
        answer_file_id: answer?.file_id ?? null,
        answer_file_url: answer?.file_path ? mediaUrl(publicUrl, answer.file_path) : null,
      };
    });
    const answers = Object.fromEntries(questions.map((q) => [q.id, q.answer]));
    // Answers are information for the tenant, not a verdict: the node approves once validly answered.
    return { result: { status: "approved", score: null, warnings: [], data: { answers, questions } } };
  },
};
