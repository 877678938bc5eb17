// The screening engine behind the aml-check tool, the AML workflow module and ongoing monitoring:
// one interface, two implementations (the built-in in-memory index, and a yente server).
import { AppError } from "../../platform/errors.js";
import { type AmlIndex, buildIndex } from "./candidate-index.js";
import type { AmlEntity, AmlQuery, AmlResult, ScreenOptions } from "./entity.js";
import { ageHours } from "./list-state.js";
import { screen } from "./screen.js";

export const DEFAULT_MAX_LIST_AGE_HOURS = 48;

/** What an operator does about an empty engine (the 503's `hint`). */
export const NO_LIST_HINT =
  "Load lists with `kyc aml sync` (downloads the official lists) or `kyc aml load FILE…`; " +
  "`kyc aml status` shows what is stored.";

export interface AmlEngine {
  /** Screens one party. Throws AppError name_required (400) or screening_unavailable (503). */
  screen(query: AmlQuery, options?: ScreenOptions): Promise<AmlResult>;
  /** True when lists are loaded and the engine can answer. */
  isReady(): Promise<boolean>;
  entityCount(): Promise<number>;
}

export interface MemoryAmlEngine extends AmlEngine {
  /** Swaps in a new index in one assignment: screenings in flight finish on the old one, so a reload has no downtime. */
  replaceIndex(index: AmlIndex): void;
  /** Builds an index from entities and swaps it in. */
  replaceEntities(entities: readonly AmlEntity[]): AmlIndex;
  currentIndex(): AmlIndex | null;
  /** When each stored list was last known current: screenings warn about lists past the age limit. */
  setListDates(lists: readonly { source: string; as_of: string }[]): void;
}

export interface MemoryEngineOptions {
  /** AML_MAX_LIST_AGE_HOURS (default 48). */
  maxListAgeHours?: number;
}

/** The built-in engine; `index` may come later (design: each node builds it from the lists in PostgreSQL). */
export function createMemoryAmlEngine(
  index: AmlIndex | null = null,
  engineOptions: MemoryEngineOptions = {},
): MemoryAmlEngine {
  let current = index;
  let listDates: readonly { source: string; as_of: string }[] = [];
  const maxListAgeHours = engineOptions.maxListAgeHours ?? DEFAULT_MAX_LIST_AGE_HOURS;
  return {
    async screen(query, options) {
      const active = current;
      if (!active) {
        throw new AppError("screening_unavailable", {
          message: "AML lists are not loaded",
          extra: { hint: NO_LIST_HINT },
        });
      }
      const now = Date.now();
      return screen(active, query, {
        ...options,
        listAsOf: listDates.map((list) => ({ ...list, age_hours: ageHours(list.as_of, now) })),
        maxListAgeHours,
      });
    },
    setListDates(lists) {
      listDates = lists.map((list) => ({ source: list.source, as_of: list.as_of }));
    },
    async isReady() {
      return current !== null;
    },
    async entityCount() {
      return current?.entities.length ?? 0;
    },
    replaceIndex(next) {
      current = next;
    },
    replaceEntities(entities) {
      const next = buildIndex(entities);
      current = next;
      return next;
    },
    currentIndex() {
      return current;
    },
  };
}
