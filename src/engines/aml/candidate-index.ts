// The in-memory candidate index (research/aml.md: yente asks Elasticsearch for max(20, limit × 10) ≤ 500
// candidates by name parts, sound keys, 3-grams and identifiers, then scores only those). Postings are
// compressed-row typed arrays, so a million entities cost tens of bytes each beyond the entities.
import { AML_LISTS, type AmlEntity, type AmlList } from "./entity.js";
import { listsForTopics } from "./list-mapping.js";
import { nameParts } from "./name-tokens.js";
import { phoneticKey } from "./phonetic-key.js";
import { normalizeIdentifier } from "./score-entity.js";

const PART = "w";
const SOUND = "s";
const GRAM = "g";
const IDENTIFIER = "i";
const YEAR = "y";

// How much one shared key of each kind says about a candidate, before its rarity (idf) is applied.
const KIND_WEIGHT: Record<string, number> = { w: 3, s: 2, g: 1, i: 20, y: 1 };
// 3-grams (and birth years) in more than this share of entities carry little signal and cost the most
// to scan; name parts and sound keys are always scanned, so a typo still finds its candidates.
const COMMON_GRAM_SHARE = 0.02;
const COMMON_GRAM_FLOOR = 5000;

/** Schema classes kept per entity so the candidate step can skip what the query cannot match. */
export const SCHEMA_CLASS = { person: 1, organization: 2, other: 4 } as const;

export interface AmlIndex {
  readonly entities: readonly AmlEntity[];
  /** Datasets present, sorted (the result's `dataset`). */
  readonly datasets: readonly string[];
  readonly builtAt: string;
  readonly keyIds: ReadonlyMap<string, number>;
  /** Postings of key k are postings[offsets[k] .. offsets[k + 1]). */
  readonly offsets: Uint32Array;
  readonly postings: Uint32Array;
  /** Bit i set when the entity is on AML_LISTS[i]. */
  readonly listMasks: Uint8Array;
  readonly schemaClasses: Uint8Array;
  /** Bit i set when at least one entity is on AML_LISTS[i]: the lists this index can honestly check. */
  readonly loadedListMask: number;
}

class GrowableUint32 {
  data = new Uint32Array(1024);
  length = 0;
  push(value: number): void {
    if (this.length === this.data.length) {
      const next = new Uint32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = value;
  }
}

export function schemaClass(schema: string): number {
  if (schema === "Person") return SCHEMA_CLASS.person;
  if (schema === "LegalEntity") return SCHEMA_CLASS.person | SCHEMA_CLASS.organization;
  if (schema === "Organization" || schema === "Company" || schema === "PublicBody")
    return SCHEMA_CLASS.organization;
  return SCHEMA_CLASS.other;
}

export function listMask(lists: readonly AmlList[]): number {
  let mask = 0;
  for (const list of lists) mask |= 1 << AML_LISTS.indexOf(list);
  return mask;
}

/** Keys of one name: its parts, their sound keys and their padded 3-grams. */
export function nameKeys(name: string, isOrganization: boolean, into: Set<string>): void {
  for (const part of nameParts(name, isOrganization)) {
    into.add(PART + part);
    const sound = phoneticKey(part);
    if (sound.length >= 2) into.add(SOUND + sound);
    if (part.length < 2) continue;
    const padded = `^${part}$`;
    for (let i = 0; i + 3 <= padded.length; i++) into.add(GRAM + padded.slice(i, i + 3));
  }
}

function entityKeys(entity: AmlEntity): Set<string> {
  const keys = new Set<string>();
  const isOrganization = entity.schema !== "Person";
  for (const name of entity.names) nameKeys(name, isOrganization, keys);
  for (const name of entity.aliases) nameKeys(name, isOrganization, keys);
  for (const name of entity.weakAliases) nameKeys(name, isOrganization, keys);
  for (const id of entity.idNumbers) {
    const normalized = normalizeIdentifier(id);
    if (normalized.length >= 4) keys.add(IDENTIFIER + normalized);
  }
  for (const date of entity.birthDates) if (/^\d{4}/.test(date)) keys.add(YEAR + date.slice(0, 4));
  return keys;
}

/** Builds the index; the entities array is kept as given (do not mutate it afterwards). */
export function buildIndex(entities: readonly AmlEntity[]): AmlIndex {
  const builder = new IndexBuilder(entities);
  builder.addKeys(0, entities.length);
  return builder.finish();
}

/**
 * buildIndex in slices of `slice` entities with a turn of the event loop between them, so a node that
 * builds its index in the background (at start, after a list load) keeps answering requests meanwhile.
 */
export async function buildIndexYielding(entities: readonly AmlEntity[], slice = 250): Promise<AmlIndex> {
  const builder = new IndexBuilder(entities);
  for (let start = 0; start < entities.length; start += slice) {
    builder.addKeys(start, Math.min(entities.length, start + slice));
    await new Promise((resolve) => setImmediate(resolve));
  }
  return builder.finish();
}

/** The two passes of a build: every entity's keys (the costly part, in any slices), then the postings. */
class IndexBuilder {
  private readonly keyIds = new Map<string, number>();
  private readonly counts = new GrowableUint32();
  private readonly entityKeyIds = new GrowableUint32();
  private readonly entityKeyEnds: Uint32Array;
  private readonly listMasks: Uint8Array;
  private readonly schemaClasses: Uint8Array;
  private readonly datasets = new Set<string>();
  private loadedListMask = 0;

  constructor(private readonly entities: readonly AmlEntity[]) {
    this.entityKeyEnds = new Uint32Array(entities.length);
    this.listMasks = new Uint8Array(entities.length);
    this.schemaClasses = new Uint8Array(entities.length);
  }

  /** Keys of entities [from, to); slices must come in order. */
  addKeys(from: number, to: number): void {
    const { keyIds, counts, entityKeyIds } = this;
    for (let e = from; e < to; e++) {
      const entity = this.entities[e] as AmlEntity;
      for (const dataset of entity.datasets) this.datasets.add(dataset);
      this.listMasks[e] = listMask(listsForTopics(entity.topics));
      this.loadedListMask |= this.listMasks[e] ?? 0;
      this.schemaClasses[e] = schemaClass(entity.schema);
      for (const key of entityKeys(entity)) {
        let id = keyIds.get(key);
        if (id === undefined) {
          id = keyIds.size;
          keyIds.set(key, id);
          counts.push(0);
        }
        counts.data[id] = (counts.data[id] ?? 0) + 1;
        entityKeyIds.push(id);
      }
      this.entityKeyEnds[e] = entityKeyIds.length;
    }
  }

  finish(): AmlIndex {
    const { keyIds, counts, entityKeyIds, entityKeyEnds, entities } = this;
    const keyCount = keyIds.size;
    const offsets = new Uint32Array(keyCount + 1);
    for (let k = 0; k < keyCount; k++) offsets[k + 1] = (offsets[k] ?? 0) + (counts.data[k] ?? 0);
    const postings = new Uint32Array(offsets[keyCount] ?? 0);
    const cursor = offsets.slice(0, keyCount);
    let start = 0;
    for (let e = 0; e < entities.length; e++) {
      const end = entityKeyEnds[e] ?? 0;
      for (let i = start; i < end; i++) {
        const k = entityKeyIds.data[i] ?? 0;
        postings[cursor[k] ?? 0] = e;
        cursor[k] = (cursor[k] ?? 0) + 1;
      }
      start = end;
    }
    return {
      entities,
      datasets: [...this.datasets].sort(),
      builtAt: new Date().toISOString(),
      keyIds,
      offsets,
      postings,
      listMasks: this.listMasks,
      schemaClasses: this.schemaClasses,
      loadedListMask: this.loadedListMask,
    };
  }
}

export interface CandidateQuery {
  names: readonly string[];
  isOrganization: boolean;
  idNumbers: readonly string[];
  birthDate: string | null;
  /** Only entities on one of these lists (bit mask of AML_LISTS) and of these schema classes. */
  listMask: number;
  schemaMask: number;
}

// Accumulators reused across queries of one index: screening is synchronous, so no two overlap.
const scratchByIndex = new WeakMap<AmlIndex, { scores: Float32Array; touched: Uint32Array }>();

function scratchFor(index: AmlIndex): { scores: Float32Array; touched: Uint32Array } {
  let scratch = scratchByIndex.get(index);
  if (!scratch) {
    scratch = {
      scores: new Float32Array(index.entities.length),
      touched: new Uint32Array(index.entities.length),
    };
    scratchByIndex.set(index, scratch);
  }
  return scratch;
}

/** Entity positions of the best `limit` candidates, best first (BM25-like sum of idf-weighted keys). */
export function findCandidates(index: AmlIndex, query: CandidateQuery, limit: number): number[] {
  const total = index.entities.length;
  if (total === 0) return [];
  const keys = new Set<string>();
  for (const name of query.names) nameKeys(name, query.isOrganization, keys);
  for (const id of query.idNumbers) keys.add(IDENTIFIER + id);
  if (query.birthDate) keys.add(YEAR + query.birthDate.slice(0, 4));
  const { scores, touched } = scratchFor(index);
  let touchedCount = 0;
  for (const key of keys) {
    const k = index.keyIds.get(key);
    if (k === undefined) continue;
    const from = index.offsets[k] ?? 0;
    const to = index.offsets[k + 1] ?? 0;
    const df = to - from;
    const kind = key[0] ?? GRAM;
    if ((kind === GRAM || kind === YEAR) && df > Math.max(COMMON_GRAM_FLOOR, total * COMMON_GRAM_SHARE))
      continue;
    const weight = (KIND_WEIGHT[kind] ?? 1) * Math.log(1 + total / df);
    for (let p = from; p < to; p++) {
      const e = index.postings[p] ?? 0;
      if (scores[e] === 0) touched[touchedCount++] = e;
      scores[e] = (scores[e] ?? 0) + weight;
    }
  }
  // Keep the best `limit` in a min-heap keyed by score.
  const heap: number[] = [];
  const heapScore = (i: number) => scores[heap[i] ?? 0] ?? 0;
  for (let t = 0; t < touchedCount; t++) {
    const e = touched[t] ?? 0;
    const score = scores[e] ?? 0;
    if (
      ((index.listMasks[e] ?? 0) & query.listMask) === 0 ||
      ((index.schemaClasses[e] ?? 0) & query.schemaMask) === 0
    )
      continue;
    if (heap.length < limit) {
      heap.push(e);
      for (let i = heap.length - 1; i > 0; ) {
        const parent = (i - 1) >> 1;
        if (heapScore(parent) <= heapScore(i)) break;
        [heap[parent], heap[i]] = [heap[i] ?? 0, heap[parent] ?? 0];
        i = parent;
      }
    } else if (score > heapScore(0)) {
      heap[0] = e;
      for (let i = 0; ; ) {
        const l = 2 * i + 1;
        const r = l + 1;
        let smallest = i;
        if (l < heap.length && heapScore(l) < heapScore(smallest)) smallest = l;
        if (r < heap.length && heapScore(r) < heapScore(smallest)) smallest = r;
        if (smallest === i) break;
        [heap[smallest], heap[i]] = [heap[i] ?? 0, heap[smallest] ?? 0];
        i = smallest;
      }
    }
  }
  const result = heap.sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0));
  for (let t = 0; t < touchedCount; t++) scores[touched[t] ?? 0] = 0;
  return result;
}
