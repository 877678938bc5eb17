import assert from "node:assert/strict";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, test } from "node:test";
import { createMemoryAmlEngine } from "../../../src/engines/aml/aml-engine.js";
import { buildIndex, buildIndexYielding } from "../../../src/engines/aml/candidate-index.js";
import { createEntity } from "../../../src/engines/aml/entity.js";
import { createYenteEngine } from "../../../src/engines/aml/yente-engine.js";
import { AppError } from "../../../src/platform/errors.js";

const isUnavailable = (error: unknown) =>
  error instanceof AppError && error.code === "screening_unavailable" && error.status === 503;

const alpha = createEntity({
  id: "a",
  schema: "Person",
  names: ["Alpha Quentin Marsh"],
  topics: ["sanction"],
  datasets: ["x"],
});
const beta = createEntity({
  id: "b",
  schema: "Person",
  names: ["Beatrix Olufemi Tran"],
  topics: ["sanction"],
  datasets: ["x"],
});

describe("in-memory engine", () => {
  test("is not ready and answers screening_unavailable before lists are loaded", async () => {
    const engine = createMemoryAmlEngine();
    assert.equal(await engine.isReady(), false);
    assert.equal(await engine.entityCount(), 0);
    await assert.rejects(engine.screen({ name: "Alpha Quentin Marsh" }), isUnavailable);
  });

  test("a replaced index serves the next screening", async () => {
    const engine = createMemoryAmlEngine(buildIndex([alpha]));
    assert.equal((await engine.screen({ name: "Beatrix Olufemi Tran" })).risk_level, "clear");
    engine.replaceIndex(buildIndex([alpha, beta]));
    assert.equal(await engine.entityCount(), 2);
    assert.equal((await engine.screen({ name: "Beatrix Olufemi Tran" })).matches[0]?.entity_id, "b");
  });

  test("replacing the entities builds and swaps in a new index", async () => {
    const engine = createMemoryAmlEngine();
    engine.replaceEntities([beta]);
    assert.equal(await engine.isReady(), true);
    assert.equal((await engine.screen({ name: "Alpha Quentin Marsh" })).risk_level, "clear");
  });

  test("an index built in slices is the index built in one pass", async () => {
    const entities = Array.from({ length: 7 }, (_, i) =>
      createEntity({
        id: `e${i}`,
        schema: i % 3 === 0 ? "Organization" : "Person",
        names: [i % 2 ? "Alpha Quentin Marsh" : `Beatrix Tran ${String.fromCharCode(65 + i)}`],
        topics: ["sanction"],
        datasets: [`d${i % 2}`],
        birthDates: [`19${60 + i}-01-02`],
      }),
    );
    const { builtAt: _a, ...whole } = buildIndex(entities);
    const { builtAt: _b, ...sliced } = await buildIndexYielding(entities, 2);
    assert.deepEqual(sliced, whole);
  });

  test("a missing name is name_required, not unavailable", async () => {
    const engine = createMemoryAmlEngine(buildIndex([alpha]));
    await assert.rejects(
      engine.screen({}),
      (error: unknown) => error instanceof AppError && error.code === "name_required",
    );
  });
});

describe("yente engine", () => {
  let server: Server;
  let url: string;
  const requests: { method?: string; url?: string; body: unknown }[] = [];

  // Plays yente's /match response shape (yente/data/common.py: EntityMatchResponse).
  function answer(request: IncomingMessage, response: ServerResponse, body: string) {
    requests.push({ method: request.method, url: request.url, body: body ? JSON.parse(body) : null });
    response.setHeader("content-type", "application/json");
    if (request.url === "/readyz") return response.end('{"status":"ok"}');
    if (request.url?.startsWith("/search/default"))
      return response.end(
        '{"results":[],"total":{"value":4321,"relation":"eq"},"limit":0,"offset":0,"facets":{}}',
      );
    if (request.url?.startsWith("/match/default")) {
      const result = (id: string, score: number, topics: string[], extra: Record<string, string[]> = {}) => ({
        id,
        caption: `Caption ${id}`,
        schema: "Person",
        properties: { name: [`Caption ${id}`], topics, ...extra },
        datasets: ["us_ofac_sdn"],
        referents: [],
        target: true,
        score,
        features: { name_match: score },
        match: score >= 0.7,
      });
      return response.end(
        JSON.stringify({
          responses: {
            q: {
              status: 200,
              results: [
                result("sanctioned", 0.93, ["sanction"], { birthDate: ["1960-08-31"], nationality: ["lb"] }),
                result("pep-no-dob", 0.88, ["role.pep"]),
                result("weak", 0.6, ["sanction"]),
                result("counter", 0.95, ["sanction.counter"]),
              ],
              total: { value: 4, relation: "eq" },
              query: {},
            },
          },
          matcher: {},
          limit: 10,
        }),
      );
    }
    response.statusCode = 404;
    response.end('{"detail":"not found"}');
  }

  before(async () => {
    server = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => {
        body += chunk;
      });
      request.on("end", () => answer(request, response, body));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  after(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  test("sends the query as an FtM example with threshold, cutoff and algorithm", async () => {
    const engine = createYenteEngine(url);
    await engine.screen({
      name: "Hasan Nasrallah",
      birthDate: "1960-08-31",
      nationality: "LB",
      documentNumber: "042833",
    });
    const sent = requests.findLast((request) => request.url?.startsWith("/match/"));
    assert.equal(sent?.method, "POST");
    assert.match(sent?.url ?? "", /algorithm=logic-v2/);
    assert.match(sent?.url ?? "", /threshold=0\.7/);
    assert.match(sent?.url ?? "", /cutoff=0\.5/);
    assert.deepEqual(sent?.body, {
      queries: {
        q: {
          schema: "Person",
          properties: {
            name: ["Hasan Nasrallah"],
            birthDate: ["1960-08-31"],
            nationality: ["lb"],
            idNumber: ["042833"],
          },
        },
      },
    });
  });

  test("tiers yente's results with the same rules as the built-in engine", async () => {
    const engine = createYenteEngine(url);
    const result = await engine.screen({ name: "Hasan Nasrallah", birthDate: "1960-08-31" });
    assert.equal(result.provider, "yente");
    assert.equal(result.algorithm, "logic-v2");
    assert.equal(result.risk_level, "high");
    assert.deepEqual(
      result.matches.map((match) => match.entity_id),
      ["sanctioned"],
    );
    assert.deepEqual(result.matches[0]?.nationalities, ["lb"]);
    assert.deepEqual(
      result.possible_matches.map((match) => [match.entity_id, match.uncorroborated]),
      [
        ["pep-no-dob", true],
        ["weak", undefined],
      ],
    );
  });

  test("reports readiness and the entity count", async () => {
    const engine = createYenteEngine(url);
    assert.equal(await engine.isReady(), true);
    assert.equal(await engine.entityCount(), 4321);
  });

  test("a network failure is screening_unavailable", async () => {
    const engine = createYenteEngine("http://127.0.0.1:9", { timeoutMs: 2000 });
    await assert.rejects(engine.screen({ name: "Anyone" }), isUnavailable);
    assert.equal(await engine.isReady(), false);
  });

  test("an error status from yente is screening_unavailable", async () => {
    const engine = createYenteEngine(url, { dataset: "missing" });
    await assert.rejects(engine.screen({ name: "Anyone" }), isUnavailable);
  });
});
