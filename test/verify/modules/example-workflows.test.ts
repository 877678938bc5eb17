// The example workflow files in examples/workflows/ load as they are documented.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { describe, test } from "node:test";
import { moduleFor } from "../../../src/verify/modules/registry.js";
import { parseWorkflowDefinition } from "../../../src/verify/workflows/parse-workflow.js";

const DIR = new URL("../../../examples/workflows/", import.meta.url);
const FILES = readdirSync(DIR).filter((file) => file.endsWith(".json"));

describe("example workflows", () => {
  test("standard-kyc, aml-only and account-opening-poa are shipped", () => {
    assert.deepEqual(FILES.sort(), ["account-opening-poa.json", "aml-only.json", "standard-kyc.json"]);
  });

  for (const file of FILES) {
    test(`${file} is a valid workflow definition, every node served by a module`, () => {
      const definition = JSON.parse(readFileSync(new URL(file, DIR), "utf8"));
      const parsed = parseWorkflowDefinition(definition);
      assert.equal(parsed.status, "live");
      assert.equal(parsed.nodes.length, definition.nodes.length);
      for (const node of parsed.nodes) assert.ok(moduleFor(node.feature), node.feature);
    });
  }

  test("a typo in a node's config is refused, naming the key", () => {
    assert.throws(
      () =>
        parseWorkflowDefinition({
          name: "typo",
          nodes: [{ feature: "FACE_MATCH", config: { treshold: 0.4 } }],
        }),
      (error: Error) => /FACE_MATCH/.test(error.message) && /treshold/.test(error.message),
    );
  });

  test("a method-keyed liveness node cannot name another method", () => {
    assert.throws(
      () =>
        parseWorkflowDefinition({
          name: "downgrade",
          nodes: [{ feature: "FLASHING", config: { method: "PASSIVE" } }],
        }),
      /FLASHING: method must be FLASHING/,
    );
  });
});
