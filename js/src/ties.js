// Tied scores form one threshold: the groups of tied scores, and the counts at a threshold.
//
// The same grouping as evalcore.core.ranking.tie_groups (tests/test_js_bundle.py compares them on
// the same inputs): the distinct scores in increasing order (-0 and 0 are one score, written 0)
// and each class's count per group. With K distinct scores v_0 < ... < v_{K-1} there are
// K + 1 operating points: position p calls the groups p, ..., K-1 positive.

/** How many of the increasing `values` are below θ (`strict`) or at or below θ. */
export function countBelow(values, theta, strict) {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (strict ? values[mid] < theta : values[mid] <= theta) lo = mid + 1; else hi = mid;
  }
  return lo;
}

/** The order that sorts `scores` increasingly (ties in their original order); null when they
 *  are sorted already (the threshold explorer's scores arrive sorted). */
function sortingOrder(scores) {
  const n = scores.length;
  let sorted = true;
  for (let i = 1; i < n && sorted; i++) sorted = !(scores[i] < scores[i - 1]);
  if (sorted) return null;
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  return order.sort((a, b) => (scores[a] < scores[b] ? -1 : scores[a] > scores[b] ? 1 : a - b));
}

/** The tie groups of finite `scores` with their 0/1 `labels`: the distinct values
 *  (increasing), each class's count per group (`pos`, `neg`), the counts at or above each group
 *  (`posAtOrAbove`, `negAtOrAbove`; index K: nothing), K, and the totals P and N. */
export function tieGroups(scores, labels) {
  const n = scores.length;
  const order = sortingOrder(scores);
  const at = order === null ? (i) => i : (i) => order[i];
  let K = 0;
  for (let i = 0; i < n; i++) if (i === 0 || scores[at(i)] !== scores[at(i - 1)]) K++;
  const values = new Float64Array(K);
  const pos = new Float64Array(K);
  const neg = new Float64Array(K);
  let g = -1;
  for (let i = 0; i < n; i++) {
    const k = at(i);
    if (i === 0 || scores[k] !== scores[at(i - 1)]) { g++; values[g] = scores[k] + 0; } // -0 -> 0
    if (labels[k] === 1) pos[g] += 1; else neg[g] += 1;
  }
  const posAtOrAbove = new Float64Array(K + 1);
  const negAtOrAbove = new Float64Array(K + 1);
  for (let j = K - 1; j >= 0; j--) {
    posAtOrAbove[j] = posAtOrAbove[j + 1] + pos[j];
    negAtOrAbove[j] = negAtOrAbove[j + 1] + neg[j];
  }
  return { values, pos, neg, posAtOrAbove, negAtOrAbove, K, P: posAtOrAbove[0],
           N: negAtOrAbove[0] };
}

/** The position (0..K) of θ under `rule` (">=" or ">"): how many distinct scores are called
 *  negative. */
export function positionOf(values, theta, rule) {
  return countBelow(values, theta, rule === ">=");
}

/** The confusion-matrix counts at θ under `rule`, each negative counted `copies` times. */
export function countsAt(groups, theta, rule = ">=", copies = 1) {
  const g = positionOf(groups.values, theta, rule);
  const tp = groups.posAtOrAbove[g];
  const negAbove = groups.negAtOrAbove[g];
  return { tp, fn: groups.P - tp, fp: negAbove * copies, tn: (groups.N - negAbove) * copies };
}
