/**
 * The layer rules of STYLE.md ("The picture"), checked by `npm run depcruise` inside `npm test`.
 * Paths are relative to the repository root.
 */

// The only packages core may use: pure computation that runs in Deno, Node and the browser.
// @zxcvbn-ts/*: password guessability (issue 29), loaded by core/admin/password-policy.ts on the server only.
const CORE_PACKAGES = ["zod", "date-fns", "@date-fns/tz", "@noble/hashes", "@zxcvbn-ts/core", "@zxcvbn-ts/language-common", "@zxcvbn-ts/language-en"];
const corePackagePaths = CORE_PACKAGES.map((name) => `(^|/)node_modules/${name}/`);

/**
 * Core's folders in one downward order (issue 33): a folder imports only the ones before it, so a
 * newcomer reads core from shared up and no two folders lean on each other. ARCHITECTURE.md says
 * what each holds.
 */
const CORE_ORDER = [
  "shared", "settings", "catalog", "customers", "cleaners", "inquiry", "booking", "series", "invoicing", "notifications", "feedback", "team", "team-notices", "reports", "workflows", "admin",
];
const coreDownward = CORE_ORDER.slice(0, -1).map((folder, rank) => ({
  name: `core-${folder}-below-${CORE_ORDER.slice(rank + 1).join("-")}`.slice(0, 80),
  comment: `core/${folder} sits below ${CORE_ORDER.slice(rank + 1).join(", ")} (CORE_ORDER): it may not import them.`,
  severity: "error",
  from: { path: `^core/${folder}/`, pathNot: "\\.test\\.ts$" },
  to: { path: `^core/(${CORE_ORDER.slice(rank + 1).join("|")})/` },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...coreDownward,
    {
      name: "core-folder-has-a-place",
      comment: "every folder of core has its place in CORE_ORDER (a new area is added to the order, not beside it).",
      severity: "error",
      from: { path: "^core/", pathNot: `^core/(${CORE_ORDER.join("|")})/` },
      to: { path: "^core/" },
    },
    {
      name: "core-is-pure",
      comment:
        "core is the business without I/O: it imports only core and " + CORE_PACKAGES.join(", ") +
        " (no adapters, api, web apps, node:*, Deno, databases, mail or HTTP libraries).",
      severity: "error",
      from: { path: "^core/", pathNot: "\\.test\\.ts$" },
      to: { pathNot: ["^core/", ...corePackagePaths] },
    },
    {
      name: "core-tests-stay-in-core",
      comment: "core's tests check the rules alone: besides core's own packages they may use node:assert, and fast-check for property tests.",
      severity: "error",
      from: { path: "^core/.*\\.test\\.ts$" },
      to: { pathNot: ["^core/", ...corePackagePaths, "^(node:)?assert(/strict)?$", "^node_modules/fast-check/"] },
    },
    {
      name: "adapters-below-api",
      comment: "adapters implement core's ports; the api composes them, never the other way round.",
      severity: "error",
      from: { path: "^adapters/" },
      to: { path: "^(api|web-public|web-admin)/" },
    },
    {
      name: "jobs-on-top-of-adapters",
      comment:
        "the jobs (adapters/jobs) run on the other adapters, started by the api; no other adapter reaches up to a job " +
        "(a transaction that queues e-mail wakes the relay through the outbox's onEmailQueued, not by importing it).",
      severity: "error",
      from: { path: "^adapters/(?!jobs/)" },
      to: { path: "^adapters/jobs/" },
    },
    {
      name: "api-client-is-browser-code",
      comment: "api/client ships in both web bundles: it may import core and itself only, no server code.",
      severity: "error",
      from: { path: "^api/client/" },
      to: { path: "^(api/(?!client/)|adapters/|web-public/|web-admin/)" },
    },
    {
      name: "web-not-server",
      comment: "the web apps reach the server over HTTP through api/client, never through adapters or api internals.",
      severity: "error",
      from: { path: "^(web-public|web-admin)/" },
      to: { path: "^(adapters/|api/(?!client/))" },
    },
    {
      name: "web-apps-apart",
      comment: "web-public and web-admin meet only through module federation, not imports.",
      severity: "error",
      from: { path: "^web-public/" },
      to: { path: "^web-admin/" },
    },
    {
      name: "web-apps-apart-admin",
      comment: "web-admin meets web-public through module federation; it reuses the design system (src/ui) only.",
      severity: "error",
      from: { path: "^web-admin/" },
      to: { path: "^web-public/", pathNot: "^web-public/src/ui/" },
    },
    {
      name: "features-apart",
      comment: "a web feature folder does not import another one; shared pieces live in src/ui or src/lib.",
      severity: "error",
      from: { path: "^(web-public|web-admin)/src/features/([^/]+)/" },
      to: {
        path: "^$1/src/features/",
        pathNot: [
          "^$1/src/features/$2/",
          // The booking form's availability calendar, reused by manage-my-booking to move a booking
          // (issue 15) rather than copied; it belongs in src/ui once a third screen needs it.
          "^web-public/src/features/booking/(availability-calendar\\.ts|free-start-times\\.tsx|schedule-calendar(-lazy)?\\.tsx?|use-calendar-days\\.ts|booking-api\\.ts|booking\\.css)$",
        ],
      },
    },
    {
      name: "no-circular-core",
      comment:
        "core's modules form no import cycles at run time, so each rule can be read (and tested) on its own; " +
        "a type-only import back (types.ts naming its schema) is no cycle.",
      severity: "error",
      from: { path: "^core/" },
      to: {
        circular: true,
        dependencyTypesNot: ["type-only"],
        viaOnly: { dependencyTypesNot: ["type-only"] },
      },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(dist|dist-ssr|test-results|coverage)/" },
    // The web apps' aliases (@yarra/core/..., @yarra/api/client/...) point at the same folders in both.
    // Absolute: TypeScript finds no input files when handed a relative tsconfig path.
    tsConfig: { fileName: require("node:path").join(__dirname, "web-public/tsconfig.json") },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".d.ts"],
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
