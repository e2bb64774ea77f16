// From tie groups (ties.js) to what the widgets show: the rates at one threshold, the ROC and
// PR curves' vertices and their areas, each computed as evalcore computes it (the same
// operations in the same order), so the numbers shown equal evalcore's.

/** The rates shown, as evalcore.ConfusionMatrix computes them: [key, name, from counts]. */
export const RATES = [
  ["tpr", "TPR (recall)", (c) => c.tp / (c.tp + c.fn)],
  ["fpr", "FPR", (c) => c.fp / (c.fp + c.tn)],
  ["tnr", "TNR (specificity)", (c) => c.tn / (c.fp + c.tn)],
  ["precision", "precision", (c) => c.tp / (c.tp + c.fp)],
  ["accuracy", "accuracy", (c) => (c.tp + c.tn) / (c.tp + c.fp + c.fn + c.tn)],
  ["f1", "F1", (c) => (2 * c.tp) / (2 * c.tp + c.fn + c.fp)],
];

/** The rates of a confusion matrix (NaN where evalcore's are undefined). */
export function rates(counts) {
  const out = {};
  for (const [key, , f] of RATES) out[key] = f(counts);
  return out;
}

/** The ROC curve's vertices (FPR, TPR) from θ above every score down to below every score. */
export function rocVertices(groups) {
  const fpr = [];
  const tpr = [];
  for (let g = groups.K; g >= 0; g--) {
    fpr.push(groups.negAtOrAbove[g] / groups.N);
    tpr.push(groups.posAtOrAbove[g] / groups.P);
  }
  return { fpr, tpr };
}

/** The PR curve's points (recall, precision), one per distinct score from the highest down,
 *  each negative counted `copies` times. */
export function prVertices(groups, copies = 1) {
  const recall = [];
  const precision = [];
  for (let g = groups.K - 1; g >= 0; g--) {
    const tp = groups.posAtOrAbove[g];
    recall.push(tp / groups.P);
    precision.push(tp / (tp + groups.negAtOrAbove[g] * copies));
  }
  return { recall, precision };
}

/** The AUC as evalcore.roc_auc computes it: U from mid-ranks, in doubled integers, / (P·N). */
export function aucOf(groups) {
  let before = 0;
  let twiceRankSum = 0;
  for (let g = 0; g < groups.K; g++) {
    const size = groups.pos[g] + groups.neg[g];
    twiceRankSum += groups.pos[g] * (2 * before + size + 1);
    before += size;
  }
  const P = groups.P;
  const twiceU = twiceRankSum - P * (P + 1);
  return twiceU / (2 * P * groups.N);
}

/** The average precision as evalcore.average_precision: each precision weighted by the
 *  recall it adds, from the highest score down, no interpolation. */
export function averagePrecisionOf(groups) {
  let sum = 0;
  let previous = 0;
  for (let g = groups.K - 1; g >= 0; g--) {
    const tp = groups.posAtOrAbove[g];
    sum += (tp - previous) * (tp / (tp + groups.negAtOrAbove[g]));
    previous = tp;
  }
  return sum / groups.P;
}
