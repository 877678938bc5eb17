// Verification accuracy figures over labelled pairs: used by the accuracy benchmark and to
// justify the default threshold. Scores: higher means "more likely the same person".

export interface PairScore {
  same: boolean;
  score: number;
}

/** ROC AUC by the Mann–Whitney statistic (ties count half). */
export function rocAuc(pairs: PairScore[]): number {
  const positives = pairs.filter((p) => p.same).map((p) => p.score);
  const negatives = pairs.filter((p) => !p.same).map((p) => p.score);
  let wins = 0;
  for (const p of positives) for (const n of negatives) wins += p > n ? 1 : p === n ? 0.5 : 0;
  return wins / (positives.length * negatives.length);
}

/** The accuracy-maximizing threshold (accept when score >= threshold), midway between neighbours. */
export function bestAccuracy(pairs: PairScore[]): { accuracy: number; threshold: number } {
  const sorted = [...pairs].sort((a, b) => a.score - b.score);
  const total = sorted.length;
  let acceptedNegatives = sorted.filter((p) => !p.same).length; // threshold below everything
  let rejectedPositives = 0;
  let best = { accuracy: (total - acceptedNegatives) / total, threshold: (sorted[0]?.score ?? 0) - 1e-6 };
  for (let i = 0; i < total; i++) {
    const pair = sorted[i] as PairScore;
    if (pair.same) rejectedPositives++;
    else acceptedNegatives--;
    const accuracy = (total - acceptedNegatives - rejectedPositives) / total;
    const next = sorted[i + 1]?.score ?? pair.score + 1e-6;
    if (accuracy > best.accuracy) best = { accuracy, threshold: (pair.score + next) / 2 };
  }
  return best;
}

/** True-accept rate at the strictest threshold whose false-accept rate stays within `far`. */
export function tarAtFar(pairs: PairScore[], far: number): { tar: number; threshold: number } {
  const negatives = pairs
    .filter((p) => !p.same)
    .map((p) => p.score)
    .sort((a, b) => b - a);
  const allowed = Math.floor(negatives.length * far);
  const threshold = (negatives[allowed] ?? Number.NEGATIVE_INFINITY) + 1e-9;
  const positives = pairs.filter((p) => p.same);
  const tar = positives.filter((p) => p.score >= threshold).length / positives.length;
  return { tar, threshold };
}

/** Accuracy at a fixed threshold (false rejects and false accepts both count). */
export function accuracyAt(pairs: PairScore[], threshold: number): number {
  return pairs.filter((p) => p.score >= threshold === p.same).length / pairs.length;
}
