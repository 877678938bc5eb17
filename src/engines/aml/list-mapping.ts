// Topic → list mapping and the informational rule (spec: aml-check, Screening rules).
import type { AmlList } from "./entity.js";

/** spec: sanctions = topics starting `sanction` (except the counter-sanction trap), debarment, export.control*. */
function isSanctionTopic(topic: string): boolean {
  // research/aml.md: sanction.counter lists activists and journalists counter-sanctioned by Russia/China;
  // a plain prefix match would flag them.
  if (topic === "sanction.counter" || topic.startsWith("sanction.counter.")) return false;
  return topic.startsWith("sanction") || topic === "debarment" || topic.startsWith("export.control");
}

function isPepTopic(topic: string): boolean {
  return topic.startsWith("role.pep") || topic === "role.rca";
}

function isAdverseMediaTopic(topic: string): boolean {
  return topic.startsWith("crime") || topic === "wanted" || topic === "reg.action" || topic === "reg.warn";
}

/** The lists an entity's topics put it on, in the spec's list order. */
export function listsForTopics(topics: readonly string[]): AmlList[] {
  const lists: AmlList[] = [];
  if (topics.some(isSanctionTopic)) lists.push("sanctions");
  if (topics.some(isPepTopic)) lists.push("pep");
  if (topics.some(isAdverseMediaTopic)) lists.push("adverse_media");
  if (topics.includes("poi")) lists.push("poi");
  return lists;
}

// Enrichment sources that describe rather than list a party (research/aml.md: "Informational").
const INFORMATIONAL_DATASETS = new Set(["wikidata", "permid", "gleif", "openownership", "opencorporates"]);
const INFORMATIONAL_PREFIXES = ["ext_", "ann_"];

export function isInformationalDataset(dataset: string): boolean {
  return (
    INFORMATIONAL_DATASETS.has(dataset) || INFORMATIONAL_PREFIXES.some((prefix) => dataset.startsWith(prefix))
  );
}

/**
 * spec: informational = the only relevant list is poi and every dataset is informational.
 * An entity with no dataset fails safe to blocking.
 */
export function isInformationalHit(relevantLists: readonly AmlList[], datasets: readonly string[]): boolean {
  if (relevantLists.length !== 1 || relevantLists[0] !== "poi") return false;
  return datasets.length > 0 && datasets.every(isInformationalDataset);
}
