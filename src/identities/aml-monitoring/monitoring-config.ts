// The AML_SCREENING node config and how a screening result becomes a node outcome (spec: AML module outcome).
// Shared by the workflow module and the ongoing-monitoring sweep, so both judge a hit alike.
import { z } from "zod";
import { AML_LISTS, type AmlList, type AmlResult, DEFAULT_THRESHOLD } from "../../engines/aml/index.js";

export const AML_ACTIONS = ["flag", "review", "decline"] as const;
export type AmlAction = (typeof AML_ACTIONS)[number];

const action = z.enum(AML_ACTIONS);
const ALL_REVIEW = Object.fromEntries(AML_LISTS.map((list) => [list, "review"])) as Record<
  AmlList,
  AmlAction
>;

export const amlConfigSchema = z
  .object({
    // spec: lists as an object list → action; an array names the lists, each with `review`.
    lists: z
      .union([
        z.partialRecord(z.enum(AML_LISTS), action),
        z.array(z.enum(AML_LISTS)).transform((lists) => Object.fromEntries(lists.map((l) => [l, "review"]))),
      ])
      .refine((lists) => Object.keys(lists).length > 0, "enable at least one list")
      .optional(),
    // Whether a named list with no loaded data holds the session for review (issue 14). Defaults to true when
    // the node names its lists and false when it leaves them to the default (every list, screened as loaded),
    // so the default workflow approves a clear applicant on a fresh install and says which lists were missing.
    require_lists: z.boolean().optional(),
    match_threshold: z.number().min(0).max(1).default(DEFAULT_THRESHOLD),
    review_possible_matches: z.boolean().default(true),
    ongoing_monitoring: z.boolean().default(false),
  })
  .strict()
  .transform(({ lists, require_lists, ...rest }) => ({
    lists: lists ?? ALL_REVIEW,
    require_lists: require_lists ?? lists !== undefined,
    ...rest,
  }));

export interface AmlConfig {
  lists: Partial<Record<AmlList, AmlAction>>;
  /** Absent on configs stored before it existed: those are strict (a missing list means review). */
  require_lists?: boolean;
  match_threshold: number;
  review_possible_matches: boolean;
  ongoing_monitoring: boolean;
}

export function checkedLists(config: AmlConfig): AmlList[] {
  return AML_LISTS.filter((list) => config.lists[list] !== undefined);
}

export interface AmlOutcome {
  status: "approved" | "declined" | "in_review";
  warnings: string[];
}

const RANK: Record<AmlAction, number> = { flag: 1, review: 2, decline: 3 };

/**
 * spec: AML module outcome table, plus honest coverage (issue 14; README: AML screening): when a list the
 * workflow requires (sanctions, pep, adverse_media named in `lists`, or `require_lists: true`) has no loaded
 * data, "nothing found" means nothing was checked, so an approval becomes review with `aml_lists_not_loaded`;
 * a node that leaves `lists` to the default only carries the warning. poi is exempt (it mostly holds
 * informational notices). A stored list past AML_MAX_LIST_AGE_HOURS adds `aml_lists_stale` without
 * changing the status.
 */
export function amlOutcome(result: AmlResult, config: AmlConfig): AmlOutcome {
  const outcome = hitOutcome(result, config);
  const missing = (result.lists_not_loaded ?? []).filter((list) => list !== "poi" && list in config.lists);
  if (missing.length > 0) {
    outcome.warnings.push("aml_lists_not_loaded");
    if (outcome.status === "approved" && config.require_lists !== false) outcome.status = "in_review";
  }
  if ((result.stale_lists ?? []).length > 0) outcome.warnings.push("aml_lists_stale");
  return outcome;
}

/** spec: AML module outcome table; the strongest action among the hit lists wins. */
function hitOutcome(result: AmlResult, config: AmlConfig): AmlOutcome {
  const hitLists = AML_LISTS.filter((list) => result.matches.some((match) => match.lists.includes(list)));
  const actions = hitLists.map((list) => config.lists[list]).filter((a): a is AmlAction => a !== undefined);
  if (actions.length > 0) {
    const strongest = actions.reduce((a, b) => (RANK[b] > RANK[a] ? b : a));
    if (strongest === "flag") return { status: "approved", warnings: ["watchlist_match"] };
    return {
      status: strongest === "decline" ? "declined" : "in_review",
      warnings: ["watchlist_match", ...hitLists.map((list) => `${list}_match`)],
    };
  }
  if (result.possible_matches.length > 0 && config.review_possible_matches) {
    return { status: "in_review", warnings: ["possible_watchlist_match"] };
  }
  if (result.informational_matches.length > 0) return { status: "approved", warnings: ["watchlist_notice"] };
  return { status: "approved", warnings: [] };
}
