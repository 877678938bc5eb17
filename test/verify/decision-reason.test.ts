// The webhook's decision_reason names every reason of every node that reached the outcome, not only the first.
import assert from "node:assert/strict";
import { test } from "node:test";
import { decisionReason } from "../../src/verify/decision/combine-results.js";
import type { NodeResult } from "../../src/verify/modules/module.js";

function node(node_id: string, status: NodeResult["status"], warnings: string[]): NodeResult {
  return { node_id, status, score: null, warnings, data: {} };
}

test("decision_reason lists the warnings of every node that held the session, without repeats", () => {
  const results = [
    node("ocr", "approved", ["blurry_image"]),
    node("face", "in_review", ["low_face_match_similarity"]),
    node("aml", "in_review", ["aml_screening_unavailable", "low_face_match_similarity"]),
  ];
  assert.equal(decisionReason(results, "in_review"), "low_face_match_similarity,aml_screening_unavailable");
});

test("a deciding node without warnings is named; an approval has no reason", () => {
  const results = [node("ocr", "declined", []), node("aml", "declined", ["watchlist_match"])];
  assert.equal(decisionReason(results, "declined"), "ocr_declined,watchlist_match");
  assert.equal(decisionReason(results, "approved"), null);
});
