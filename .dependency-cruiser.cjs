// The dependency rule (ARCHITECTURE.md, "Layers"): a value import may only point down the stack
//   platform ← engines ← features ← surfaces ← entry
// Type-only imports are erased at compile time and may point anywhere (every feature names the Services
// type). Runs in `npm test` as `npm run deps`.
const FEATURES = "^src/(verify|tools|identities|partner|webhooks)/";
const SURFACES = "^src/(console|web)/|^src/public-routes\\.ts$";
const ENTRY = "^src/(cli|composition)/|^src/services\\.ts$";
const VALUE = { dependencyTypesNot: ["type-only"] };

function layerRule(name, comment, from, forbiddenTargets) {
  return { name, comment, severity: "error", from: { path: from }, to: { path: forbiddenTargets, ...VALUE } };
}

module.exports = {
  forbidden: [
    layerRule(
      "platform-imports-nothing-above",
      "platform/ is the lowest layer: generic over its context, it knows no engine, feature or surface.",
      "^src/platform/|^src/config\\.ts$",
      ["^src/engines/", FEATURES, SURFACES, ENTRY],
    ),
    {
      name: "platform-names-no-type-above",
      comment:
        "platform/ is generic over its context (jobs, HTTP app, commands take a type parameter): not even a " +
        "type import upwards, but for the composed table schema in platform/db/schema.ts.",
      severity: "error",
      from: { path: "^src/platform/", pathNot: "^src/platform/db/schema\\.ts$" },
      to: { path: ["^src/engines/", FEATURES, SURFACES, ENTRY] },
    },
    {
      name: "schema-names-only-table-files",
      comment: "The composed schema may name each area's table types, nothing else of it.",
      severity: "error",
      from: { path: "^src/platform/db/schema\\.ts$" },
      to: { path: ["^src/engines/", FEATURES, SURFACES, ENTRY], pathNot: "-tables\\.ts$" },
    },
    layerRule(
      "engines-import-only-platform",
      "Engines are reusable machinery: they may use platform/, never a feature, surface or the entry point.",
      "^src/engines/",
      [FEATURES, SURFACES, ENTRY],
    ),
    layerRule(
      "features-do-not-import-surfaces",
      "Features (verify, tools, identities, partner, webhooks) are called by surfaces and the entry point.",
      FEATURES,
      [SURFACES, ENTRY],
    ),
    layerRule(
      "surfaces-do-not-import-the-entry",
      "Surfaces (console, web) are wired by the composition root, never the reverse.",
      SURFACES,
      [ENTRY],
    ),
    {
      name: "page-imports-only-the-step-contract",
      comment:
        "The hosted page (web/) shares one module with the server, the applicant step contract; any other " +
        "server file would drag node-only code into the browser bundle.",
      severity: "error",
      from: { path: "^web/src/" },
      to: { path: "^src/", pathNot: "^src/verify/applicant/step-contract\\.ts$" },
    },
    {
      name: "console-page-imports-no-server-code",
      comment: "The operator console's web app (console/src) talks to the server only over HTTP.",
      severity: "error",
      from: { path: "^console/src/" },
      to: { path: "^src/" },
    },
    {
      name: "step-contract-is-a-leaf",
      comment:
        "The step contract is read by the browser: it imports nothing of the server but the feature list.",
      severity: "error",
      from: { path: "^src/verify/applicant/step-contract\\.ts$" },
      to: { path: "^src/", pathNot: "^src/platform/features\\.ts$" },
    },
    {
      name: "no-value-cycles",
      comment:
        "A cycle of value imports makes load order matter; break it with a type-only import or a move.",
      severity: "error",
      from: {},
      to: { circular: true, viaOnly: VALUE },
    },
  ],
  options: {
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    doNotFollow: { path: "node_modules" },
    exclude: { path: "\\.d\\.ts$" },
  },
};
