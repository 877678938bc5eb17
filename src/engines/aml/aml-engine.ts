// The screening engine behind the aml-check tool, the AML workflow module and ongoing monitoring:
// one interface, two implementations (the built-in in-memory index, and a yente server).
import { AppError } from "../../platform/errors.js";
import { type AmlIndex, buildIndex } from "./candidate-index.js";
import type { AmlEntity, AmlQuery, AmlResult, ScreenOptions } from "./entity.js";
import { screen } from "./screen.js";

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
}

/** The built-in engine; `index` may come later (design: each node builds it from the lists in PostgreSQL). */
export function createMemoryAmlEngine(index: AmlIndex | null = null): MemoryAmlEngine {
  let current = index;
  return {
    async screen(query, options) {
      const active = current;
      if (!active) throw new AppError("screening_unavailable", { message: "AML lists are not loaded" });
      return screen(active, query, options);
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
