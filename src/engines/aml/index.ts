// Public API of the AML screening engine (what the platform wires: tool route, workflow module,
// `kyc aml load|compare`, monitoring).
export { type AmlEngine, createMemoryAmlEngine, type MemoryAmlEngine } from "./aml-engine.js";
export { type AmlIndex, buildIndex } from "./candidate-index.js";
export { compareNames, type NameComparison } from "./compare-names.js";
export { countryCode } from "./countries.js";
export {
  AML_LISTS,
  type AmlEntity,
  type AmlEntityOp,
  type AmlList,
  type AmlMatch,
  type AmlQuery,
  type AmlResult,
  type AmlRiskLevel,
  createEntity,
  type ScreenOptions,
} from "./entity.js";
export { isInformationalDataset, isInformationalHit, listsForTopics } from "./list-mapping.js";
export { type AmlListFormat, detectListFormat, type ParsedAmlFile, parseAmlFile } from "./load-file.js";
export { applyEntityOps, entityFromFtm, loadFtmDelta, loadFtmEntities } from "./load-ftm.js";
export { loadOfacSdnCsv, OFAC_DATASET } from "./load-ofac.js";
export { loadUnConsolidatedXml, UN_DATASET } from "./load-un.js";
export { ALGORITHM, DEFAULT_CUTOFF, DEFAULT_THRESHOLD, screen } from "./screen.js";
export { createYenteEngine, type YenteEngineOptions } from "./yente-engine.js";
