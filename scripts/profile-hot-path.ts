// Drives one /v3 route many times in-process (app.inject) and counts the SQL statements each request sends,
// to be run under `node --cpu-prof` and summarised with scripts/cpuprofile-summary.mjs.
// Run: node --import tsx [--cpu-prof --cpu-prof-dir=/tmp/prof] scripts/profile-hot-path.ts ROUTE [N]
//   ROUTE: ledger | session-get | decision | create      DATABASE_URL set: PostgreSQL (own schema), else PGlite
import pg from "pg";
import { benchTenantWithSession, openBenchServices } from "../bench/support/bench-services.js";
import { createHttpApp } from "../src/composition/http-app.js";

const route = process.argv[2] ?? "ledger";
const count = Number(process.argv[3] ?? 2000);

const statements: string[] = [];
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const text = typeof args[0] === "string" ? args[0] : (args[0] as { text?: string })?.text;
  if (text) statements.push(text);
  return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof originalQuery;

const bench = await openBenchServices(process.env.DATABASE_URL ? "postgres" : "pglite", {
  RATE_LIMIT_KYC_V3_READ: "1000000",
  RATE_LIMIT_KYC_V3_SESSION_CREATE: "1000000",
});
const { services } = bench;
const app = await createHttpApp(services, { logger: false });
await app.ready();
const { headers, sessionId } = await benchTenantWithSession(services, app, "Profile", "1000000");
let user = 0;
const request = () => {
  switch (route) {
    case "ledger":
      return app.inject({ url: "/v3/credits/ledger/?page_size=1", headers });
    case "session-get":
      return app.inject({ url: `/v3/session/${sessionId}/`, headers });
    case "decision":
      return app.inject({ url: `/v3/session/${sessionId}/decision/`, headers });
    case "create":
      return app.inject({
        method: "POST",
        url: "/v3/session/",
        headers,
        payload: { vendor_data: `profile-${++user}`, metadata: { source: "profile" } },
      });
    default:
      throw new Error(`unknown route ${route}`);
  }
};
for (let i = 0; i < 50; i++) await request();
statements.length = 0;
const one = await request();
console.log(`${route}: status ${one.statusCode}, ${statements.length} statements in one request:`);
for (const text of statements) console.log(`  ${text.replace(/\s+/g, " ").slice(0, 160)}`);
statements.length = 0;
const cpu = process.cpuUsage();
const started = performance.now();
for (let i = 0; i < count; i++) {
  const response = await request();
  if (response.statusCode >= 300) throw new Error(`${response.statusCode} ${response.body}`);
}
const wall = performance.now() - started;
const used = process.cpuUsage(cpu);
console.log(
  `${count} requests: ${(statements.length / count).toFixed(2)} statements each, ${(wall / count).toFixed(3)} ms wall, ` +
    `${((used.user + used.system) / 1000 / count).toFixed(3)} ms CPU each`,
);
await app.close();
await bench.close();
