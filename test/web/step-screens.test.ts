// Issue 12: the applicant step contract is the one list of what the page must show. Every catalog feature
// has a screen or is explicitly server-only (or refused at workflow save); every node of every shipped
// example workflow reaches a screen the page has; every refusal code has copy on the page.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { describe, test } from "node:test";
import { WORKFLOW_FEATURES } from "../../src/platform/features.js";
import {
  APPLICANT_ERRORS,
  FEATURE_ROLES,
  STEP_ERRORS,
  STEP_SCREENS,
  type StepScreen,
  screenFor,
} from "../../src/verify/applicant/step-contract.js";
import { moduleFor } from "../../src/verify/modules/registry.js";
import { parseWorkflowDefinition } from "../../src/verify/workflows/parse-workflow.js";
import { en } from "../../web/src/i18n/en.js";
import { errorKey } from "../../web/src/i18n/i18n.js";

// The page's screen table, loaded as the browser would; a variable specifier keeps the server's tsc (no JSX
// settings) out of web/'s .tsx files, which web/tsconfig.json checks.
const SCREENS_MODULE = "../../web/src/steps/screens.js";
const { SCREENS } = (await import(SCREENS_MODULE)) as {
  SCREENS: Record<StepScreen, () => Promise<unknown>>;
};

const EXAMPLES = new URL("../../examples/workflows/", import.meta.url);

async function assertPageRenders(feature: string): Promise<void> {
  const screen = screenFor(feature);
  assert.ok(screen, `${feature} has no screen`);
  const component = await SCREENS[screen]();
  assert.equal(typeof component, "function", `${feature}: screen ${screen} does not load a component`);
}

describe("applicant step contract", () => {
  test("the page has a screen for every screen the contract declares, and no other", () => {
    assert.deepEqual(Object.keys(SCREENS).sort(), [...STEP_SCREENS].sort());
  });

  for (const feature of WORKFLOW_FEATURES) {
    test(`${feature}: ${FEATURE_ROLES[feature].kind}`, async () => {
      const role = FEATURE_ROLES[feature];
      const module = moduleFor(feature);
      if (role.kind === "step") {
        assert.ok(module?.step, `${feature} is declared a step but its module asks nothing`);
        await assertPageRenders(feature);
      } else if (role.kind === "server_only") {
        assert.ok(module, `${feature} is declared server-only but no module serves it`);
        assert.equal(
          module.step,
          undefined,
          `${feature} asks the applicant but the contract says server-only`,
        );
      } else {
        assert.equal(module, undefined, `${feature} has a module now: declare its screen in the contract`);
        assert.throws(() => parseWorkflowDefinition({ name: "x", nodes: [{ feature, config: {} }] }));
      }
    });
  }

  for (const file of readdirSync(EXAMPLES).filter((name) => name.endsWith(".json"))) {
    test(`every applicant step of examples/workflows/${file} has a screen`, async () => {
      const workflow = parseWorkflowDefinition(JSON.parse(readFileSync(new URL(file, EXAMPLES), "utf8")));
      const nodes = workflow.nodes.map((node) => ({ ...node, enabled: true }));
      for (const node of nodes) {
        const step = moduleFor(node.feature)?.step;
        const asks = step !== undefined && (step.appliesTo?.(node, nodes) ?? true);
        if (asks) await assertPageRenders(node.feature);
        else assert.notEqual(FEATURE_ROLES[node.feature as keyof typeof FEATURE_ROLES].kind, "unavailable");
      }
    });
  }

  test("every refusal code the page can meet has copy (field codes are shown beside their field)", () => {
    // Shown by the page otherwise: not_found as the 404 end page, the rest as a field message.
    const elsewhere = new Set(["session_not_found", "route_not_found", "internal", "terms_version_mismatch"]);
    const codes = [
      ...Object.keys(APPLICANT_ERRORS),
      ...Object.values(STEP_ERRORS).flatMap((table) => Object.keys(table)),
    ].filter((code) => !code.includes("<") && !elsewhere.has(code));
    const fieldCode = /^(invalid_\w+|\w+_required)$/;
    const missing = codes.filter((code) => !fieldCode.test(code) && errorKey(code) === "error.generic");
    assert.deepEqual(missing, []);
    for (const reason of ["too_dark", "glare", "blurry"]) {
      assert.ok(`error.document_unreadable_${reason}` in en, reason);
    }
  });
});
