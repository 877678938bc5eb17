// FollowTheMoney entity files in the OpenSanctions export format (one JSON entity per line) and
// delta files (`{op: ADD|MOD|DEL, entity}` per line). Only parties are kept: addresses, sanctions,
// ownerships and other linking entities are not screened.
import { type AmlEntity, type AmlEntityOp, createEntity } from "./entity.js";

const SCREENABLE_SCHEMATA = new Set([
  "Person",
  "Organization",
  "Company",
  "LegalEntity",
  "PublicBody",
  "Vessel",
  "Airplane",
]);

// FtM properties that carry an identifier of the party.
const IDENTIFIER_PROPERTIES = [
  "idNumber",
  "passportNumber",
  "innCode",
  "ogrnCode",
  "registrationNumber",
  "taxNumber",
  "vatCode",
  "leiCode",
  "swiftBic",
  "imoNumber",
  "mmsi",
  "okpoCode",
  "kppCode",
  "npiCode",
  "socialSecurityNumber",
  "uniqueEntityId",
];

interface FtmEntity {
  id?: unknown;
  schema?: unknown;
  caption?: unknown;
  properties?: Record<string, unknown>;
  datasets?: unknown;
  first_seen?: unknown;
  last_seen?: unknown;
}

function strings(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  // Nested entities (EntityResponse) appear in some exports; only plain values are names here.
  return value
    .filter((item): item is string => typeof item === "string" && item.trim() !== "")
    .map((item) => item.trim());
}

function unique(list: string[]): string[] {
  return [...new Set(list)];
}

/** Maps one FtM entity; returns null for schemata that are not screenable parties. */
export function entityFromFtm(raw: FtmEntity, source?: string): AmlEntity | null {
  if (typeof raw.id !== "string" || typeof raw.schema !== "string") return null;
  if (!SCREENABLE_SCHEMATA.has(raw.schema)) return null;
  const p = raw.properties ?? {};
  const names = strings(p.name);
  const caption = typeof raw.caption === "string" && raw.caption ? raw.caption : (names[0] ?? raw.id);
  const datasets = strings(raw.datasets);
  return createEntity({
    id: raw.id,
    schema: raw.schema,
    caption,
    names: names.length > 0 ? names : [caption],
    aliases: unique([...strings(p.alias), ...strings(p.previousName)]),
    weakAliases: strings(p.weakAlias),
    firstNames: strings(p.firstName),
    lastNames: strings(p.lastName),
    birthDates: unique(strings(p.birthDate).map((date) => date.slice(0, 10))),
    nationalities: unique(strings(p.nationality).map((code) => code.toLowerCase())),
    countries: unique(
      [...strings(p.country), ...strings(p.citizenship), ...strings(p.jurisdiction)].map((c) =>
        c.toLowerCase(),
      ),
    ),
    gender: strings(p.gender),
    idNumbers: unique(IDENTIFIER_PROPERTIES.flatMap((name) => strings(p[name]))),
    positions: strings(p.position),
    addresses: strings(p.address),
    topics: strings(p.topics),
    datasets,
    source: source ?? datasets[0] ?? "",
    firstSeen: typeof raw.first_seen === "string" ? raw.first_seen : null,
    lastSeen: typeof raw.last_seen === "string" ? raw.last_seen : null,
    url: strings(p.sourceUrl)[0],
  });
}

function parseLines(text: string): { line: number; value: Record<string, unknown> }[] {
  const out: { line: number; value: Record<string, unknown> }[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]?.trim();
    if (!line) continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (cause) {
      throw new Error(`line ${i + 1}: not JSON`, { cause });
    }
    if (value && typeof value === "object")
      out.push({ line: i + 1, value: value as Record<string, unknown> });
  }
  return out;
}

/** Parses an FtM entity file (JSON lines); non-party schemata are skipped. */
export function loadFtmEntities(text: string, source?: string): AmlEntity[] {
  const entities: AmlEntity[] = [];
  for (const { value } of parseLines(text)) {
    const entity = entityFromFtm(value as FtmEntity, source);
    if (entity) entities.push(entity);
  }
  return entities;
}

/** True when the JSON-lines text is a delta file (its lines carry `op`). */
export function isFtmDelta(text: string): boolean {
  const first = text.slice(0, text.indexOf("\n") >>> 0 || text.length).trim();
  try {
    return typeof (JSON.parse(first) as { op?: unknown }).op === "string";
  } catch {
    return false;
  }
}

/** Parses a delta file; a DEL keeps just the id when the line carries no full entity. */
export function loadFtmDelta(text: string, source?: string): AmlEntityOp[] {
  const ops: AmlEntityOp[] = [];
  for (const { line, value } of parseLines(text)) {
    const op = String(value.op ?? "").toUpperCase();
    if (op !== "ADD" && op !== "MOD" && op !== "DEL")
      throw new Error(`line ${line}: unknown op ${String(value.op)}`);
    const raw = (value.entity ?? {}) as FtmEntity;
    if (op === "DEL") {
      if (typeof raw.id !== "string") throw new Error(`line ${line}: DEL without an entity id`);
      ops.push({
        op,
        entity:
          entityFromFtm(raw, source) ?? createEntity({ id: raw.id, schema: String(raw.schema ?? "Thing") }),
      });
      continue;
    }
    const entity = entityFromFtm(raw, source);
    if (entity) ops.push({ op, entity });
  }
  return ops;
}

/** Applies delta operations in order: ADD and MOD replace by id, DEL removes. Returns a new array. */
export function applyEntityOps(entities: readonly AmlEntity[], ops: readonly AmlEntityOp[]): AmlEntity[] {
  const byId = new Map(entities.map((entity) => [entity.id, entity]));
  for (const { op, entity } of ops) {
    if (op === "DEL") byId.delete(entity.id);
    else byId.set(entity.id, entity);
  }
  return [...byId.values()];
}
