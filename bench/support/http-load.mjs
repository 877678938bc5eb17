// A load generator for the HTTP benches, run as its own process so its CPU is not the server's:
//   node bench/support/http-load.mjs URL REQUESTS CONCURRENCY [HEADERS_JSON]
// Keeps CONCURRENCY keep-alive connections busy with GET URL until REQUESTS have answered, then prints
// one JSON line: {"requests", "ms", "perSecond", "failed"} (failed: a status other than 200, or an error).
import http from "node:http";

const [url, requestsArg, concurrencyArg, headersJson] = process.argv.slice(2);
const requests = Number(requestsArg);
const concurrency = Number(concurrencyArg);
const headers = JSON.parse(headersJson ?? "{}");
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });

let started = 0;
let failed = 0;
const once = () =>
  new Promise((resolve) => {
    const request = http.get(url, { agent, headers }, (response) => {
      if (response.statusCode !== 200) failed++;
      response.resume();
      response.on("end", resolve);
    });
    request.on("error", () => {
      failed++;
      resolve();
    });
  });

const begin = performance.now();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (started < requests) {
      started++;
      await once();
    }
  }),
);
const ms = performance.now() - begin;
agent.destroy();
console.log(JSON.stringify({ requests, ms, perSecond: (requests / ms) * 1000, failed }));
