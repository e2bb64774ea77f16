// The distribution explorer's front end (an anywidget module; see
// evalcore/_distribution_explorer.py).
//
// evalcore sends one fixed pool of standard-normal noise: n values for the positives, then n
// for the negatives. At prevalence π the view shows the first P = π·n rounded half up (kept
// within [1, n − 1]; see positivesShown) and the first n − P negatives, with
// score = noise + separation × y: the same IEEE double operations as evalcore's
// DistributionExplorer.sample(), so the cases, and every count and area computed from them,
// are evalcore's. The model's `separation`,
// `prevalence` and `threshold` are the single source of truth: the range inputs write them,
// Python can write them too, and the view redraws from them.
//
// Two stages. When the separation or the prevalence changes, the cases are rebuilt, sorted
// once and grouped by tied score; the ROC and PR curves, the AUC (Mann–Whitney from mid-ranks,
// as evalcore.roc_auc) and the average precision (as evalcore.average_precision) come from one
// walk over the groups, and the two histograms from one pass over the cases. When only θ
// moves, the counts come from a binary search over the groups and the canvas is redrawn.

const SVG = "http://www.w3.org/2000/svg";
const POSITIVE_COLOR = "#0072B2"; // evalcore.COLORS[0]
const NEGATIVE_COLOR = "#E69F00"; // evalcore.COLORS[1]
const NEGATIVE_EDGE = "#8a5a00";  // the negatives' outline: dark enough on white and in grey
const CELL_NAMES = { tp: "true positives", fn: "false negatives", fp: "false positives",
                     tn: "true negatives" };
export const PANELS = ["distributions", "matrix", "roc", "pr"];
/** The controls: their range, step and the decimals of a step (as in the Python module). */
export const CONTROLS = {
  threshold: { label: "Threshold θ", step: 0.05, decimals: 2 },
  separation: { label: "Separation", min: 0, max: 4, step: 0.1, decimals: 1 },
  prevalence: { label: "Prevalence π", min: 0.05, max: 0.95, step: 0.05, decimals: 2 },
};
/** The histograms' bin width (the threshold range's ends are multiples of ½). */
export const BIN_WIDTH = 0.25;

// ---- pure functions (exported: tests/test_distribution_explorer_browser.py calls them) -----

/** How many positives are shown: π·n (first rounded to 9 decimals: 0.35 × 90 is
 *  31.499999999999996 in doubles) rounded half up, within [1, n − 1]; evalcore's
 *  positives_shown computes the same. */
export function positivesShown(prevalence, n) {
  return Math.min(Math.max(Math.floor(Number((prevalence * n).toFixed(9)) + 0.5), 1), n - 1);
}

/** The cases shown: labels and scores, positives first, score = noise + separation × y. */
export function shownCases(noise, n, separation, prevalence) {
  const P = positivesShown(prevalence, n);
  const labels = new Uint8Array(n);
  const scores = new Float64Array(n);
  for (let i = 0; i < P; i++) {
    labels[i] = 1;
    scores[i] = noise[i] + separation * 1;
  }
  for (let j = 0; j < n - P; j++) scores[P + j] = noise[n + j] + separation * 0;
  return { labels, scores, P, N: n - P };
}

/** Sort once and group tied scores: distinct values (increasing), class counts per group,
 *  and the counts at or above each group (index K: nothing). */
export function tieGroups(scores, labels) {
  const n = scores.length;
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  order.sort((a, b) => scores[a] - scores[b]);
  let K = 0;
  for (let i = 0; i < n; i++) if (i === 0 || scores[order[i]] !== scores[order[i - 1]]) K++;
  const values = new Float64Array(K);
  const pos = new Float64Array(K);
  const neg = new Float64Array(K);
  let g = -1;
  for (let i = 0; i < n; i++) {
    const k = order[i];
    if (i === 0 || scores[k] !== scores[order[i - 1]]) { g++; values[g] = scores[k]; }
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

/** The confusion-matrix counts at θ under s ≥ θ (binary search over the distinct scores). */
export function countsAt(groups, theta) {
  let lo = 0;
  let hi = groups.K;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (groups.values[mid] < theta) lo = mid + 1; else hi = mid;
  }
  const tp = groups.posAtOrAbove[lo];
  const fp = groups.negAtOrAbove[lo];
  return { tp, fn: groups.P - tp, fp, tn: groups.N - fp };
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

/** The PR curve's points (recall, precision), one per distinct score from the highest down. */
export function prVertices(groups) {
  const recall = [];
  const precision = [];
  for (let g = groups.K - 1; g >= 0; g--) {
    const tp = groups.posAtOrAbove[g];
    recall.push(tp / groups.P);
    precision.push(tp / (tp + groups.negAtOrAbove[g]));
  }
  return { recall, precision };
}

/** Each class's histogram over [low, high) in bins of BIN_WIDTH (the ends clamp). */
export function histograms(scores, labels, low, high) {
  const bins = Math.round((high - low) / BIN_WIDTH);
  const pos = new Int32Array(bins);
  const neg = new Int32Array(bins);
  for (let i = 0; i < scores.length; i++) {
    const b = Math.min(Math.max(Math.floor((scores[i] - low) / BIN_WIDTH), 0), bins - 1);
    if (labels[i] === 1) pos[b]++; else neg[b]++;
  }
  return { bins, pos, neg };
}

/** The value of a control after pressing `key` at `value`, or null for other keys: one step,
 *  ten steps (PageUp/PageDown) or an end (Home/End), on the control's grid. */
export function stepKey(key, value, min, max, step, decimals) {
  const moves = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1, PageUp: 10,
                  PageDown: -10, Home: -Infinity, End: Infinity };
  if (!(key in moves)) return null;
  const last = Math.round((max - min) / step);
  const index = Math.min(Math.max(Math.round((value - min) / step) + moves[key], 0), last);
  return Number((min + index * step).toFixed(decimals));
}

/** A number as text: the shortest decimal that reads back as exactly the same number. */
export function formatNumber(x) {
  if (x === 0) return "0"; // also -0
  return String(x);
}

/** An area or a rate, three decimals (as the book prints them). */
export function formatArea(x) {
  return Number.isNaN(x) ? "undefined" : x.toFixed(3);
}

// ---- small DOM helpers -------------------------------------------------------------------

function el(tag, attrs = {}, text = null, ns = null) {
  const node = ns ? document.createElementNS(ns, tag) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== null) node.textContent = text;
  return node;
}
function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}
function setAttr(node, name, value) {
  if (node.getAttribute(name) !== value) node.setAttribute(name, value);
}

function bufferOf(value) {
  // Binary traits arrive as a DataView (live kernel or embedded state); copy to an aligned buffer.
  if (value instanceof ArrayBuffer) return value.slice(0);
  if (ArrayBuffer.isView(value)) {
    return new Uint8Array(value.buffer, value.byteOffset, value.byteLength).slice().buffer;
  }
  throw new TypeError("evalcore distribution explorer: expected binary data for the noise");
}

// ---- builders ----------------------------------------------------------------------------

let counter = 0;

/** One labelled range input with its readout. */
function buildRange(id, name, spec) {
  const box = el("div", { class: "de-range" });
  const label = el("label", { for: `${id}-${name}`, class: "de-label" }, spec.label);
  const input = el("input", { type: "range", id: `${id}-${name}`, min: String(spec.min),
                              max: String(spec.max), step: String(spec.step),
                              class: "de-input", "data-control": name });
  const readout = el("output", { for: `${id}-${name}`, class: "de-readout",
                                 "aria-live": "off" });
  box.append(label, input, readout);
  return { node: box, input, readout };
}

function buildControls(id, low, high) {
  const node = el("div", { class: "de-controls" });
  const ranges = {};
  for (const name of ["threshold", "separation", "prevalence"]) {
    const spec = name === "threshold" ? { ...CONTROLS.threshold, min: low, max: high }
      : CONTROLS[name];
    ranges[name] = { ...buildRange(id, name, spec), spec };
    node.append(ranges[name].node);
  }
  return { node, ranges };
}

/** The confusion matrix: a real table, truth in rows, predictions in columns (as the
 *  threshold explorer's). */
function buildMatrix() {
  const table = el("table", { class: "evalcore-cm de-cm" });
  const caption = el("caption", {}, "Confusion matrix");
  const where = el("span", { class: "de-sr" });
  caption.append(where);
  const head = el("thead");
  const headRow = el("tr");
  headRow.append(el("td"), el("th", { scope: "col" }, "predicted 1"),
                 el("th", { scope: "col" }, "predicted 0"));
  head.append(headRow);
  const body = el("tbody");
  const cells = {};
  for (const [truth, names] of [["truth 1", ["tp", "fn"]], ["truth 0", ["fp", "tn"]]]) {
    const row = el("tr");
    row.append(el("th", { scope: "row" }, truth));
    for (const name of names) {
      const td = el("td");
      const value = el("span", { "data-cell": name });
      td.append(el("abbr", { class: "de-abbr", title: CELL_NAMES[name] }, name.toUpperCase()),
                " ", value);
      cells[name] = value;
      row.append(td);
    }
    body.append(row);
  }
  table.append(caption, head, body);
  return { node: table, where, cells };
}

// A square unit plot in SVG user units; the CSS gives it a width in em, so text scales with it.
const BOX = { size: 120, left: 20, top: 4, right: 5, bottom: 19 };
const plotX = (v) => BOX.left + v * (BOX.size - BOX.left - BOX.right);
const plotY = (v) => BOX.top + (1 - v) * (BOX.size - BOX.top - BOX.bottom);

function pathThrough(xs, ys) {
  let d = "";
  for (let i = 0; i < xs.length; i++) {
    d += `${d ? "L" : "M"}${plotX(xs[i]).toFixed(2)} ${plotY(ys[i]).toFixed(2)}`;
  }
  return d;
}

/** The ROC or PR plot (one SVG) with its area written under it. */
function buildUnitPlot(kind, xlabel, ylabel, areaName) {
  const node = el("div", { class: `de-plot de-${kind}` });
  const svg = el("svg", { viewBox: `0 0 ${BOX.size} ${BOX.size}`, role: "img" }, null, SVG);
  svg.append(el("rect", { x: plotX(0), y: plotY(1), width: plotX(1) - plotX(0),
                          height: plotY(0) - plotY(1), class: "de-frame" }, null, SVG));
  for (const t of [0, 0.5, 1]) {
    svg.append(el("text", { x: plotX(t), y: plotY(0) + 8, class: "de-tick",
                            "text-anchor": "middle" }, String(t), SVG));
    svg.append(el("text", { x: plotX(0) - 2, y: plotY(t) + 2.5, class: "de-tick",
                            "text-anchor": "end" }, String(t), SVG));
  }
  const midY = (plotY(0) + plotY(1)) / 2;
  svg.append(el("text", { x: (plotX(0) + plotX(1)) / 2, y: BOX.size - 2, class: "de-axis",
                          "text-anchor": "middle" }, xlabel, SVG));
  svg.append(el("text", { x: 6, y: midY, class: "de-axis", "text-anchor": "middle",
                          transform: `rotate(-90 6 ${midY})` }, ylabel, SVG));
  const chance = el("line", { class: "de-chance" }, null, SVG);
  const curve = el("path", { class: "de-curve" }, null, SVG);
  const marker = el("circle", { r: 3.6, class: `de-marker de-${kind}-marker` }, null, SVG);
  svg.append(chance, curve, marker);
  const area = el("div", { class: "de-area" });
  const areaValue = el("span", { "data-area": kind });
  area.append(`${areaName} = `, areaValue);
  const extra = el("span", { class: "de-extra" });
  area.append(extra);
  node.append(svg, area);
  const setChance = (x1, y1, x2, y2) => {
    chance.setAttribute("x1", plotX(x1)); chance.setAttribute("y1", plotY(y1));
    chance.setAttribute("x2", plotX(x2)); chance.setAttribute("y2", plotY(y2));
  };
  return { node, svg, curve, marker, areaValue, extra, setChance };
}

/** A diagonal hatch of the positives' colour (it tells the classes apart in greyscale). */
function hatch(ctx, scale) {
  const size = Math.max(4, Math.round(6 * scale));
  const tile = document.createElement("canvas");
  tile.width = size;
  tile.height = size;
  const t = tile.getContext("2d");
  t.fillStyle = "rgba(0, 114, 178, 0.18)";
  t.fillRect(0, 0, size, size);
  t.strokeStyle = POSITIVE_COLOR;
  t.lineWidth = Math.max(1, size / 5);
  t.beginPath();
  t.moveTo(-1, size + 1); t.lineTo(size + 1, -1);
  t.moveTo(-1, 1); t.lineTo(1, -1);
  t.moveTo(size - 1, size + 1); t.lineTo(size + 1, size - 1);
  t.stroke();
  return ctx.createPattern(tile, "repeat");
}

/** The two histograms on one canvas, the threshold through them, the predicted-0 side faded. */
function buildDistributions(low, high) {
  const node = el("div", { class: "de-dist" });
  const canvas = el("canvas", { class: "de-canvas", role: "img" });
  const legend = el("div", { class: "de-legend" });
  const item = (cls, text) => {
    const span = el("span", { class: "de-key" });
    span.append(el("span", { class: `de-swatch ${cls}`, "aria-hidden": "true" }), text);
    return span;
  };
  legend.append(item("de-swatch-pos", "positives (y = 1)"),
                item("de-swatch-neg", "negatives (y = 0)"),
                item("de-swatch-faded", "faded: s < θ, predicted 0"));
  node.append(canvas, legend);
  const geometry = { width: 0, height: 0, dpr: 1, font: 14, pattern: null };

  function measure() {
    const width = canvas.clientWidth;
    if (width === 0) return false;
    geometry.width = width;
    geometry.height = canvas.clientHeight;
    geometry.dpr = window.devicePixelRatio || 1;
    geometry.font = parseFloat(getComputedStyle(node).fontSize) || 14;
    canvas.width = Math.max(1, Math.round(geometry.width * geometry.dpr));
    canvas.height = Math.max(1, Math.round(geometry.height * geometry.dpr));
    geometry.pattern = hatch(canvas.getContext("2d"), geometry.font / 14 * geometry.dpr);
    return true;
  }

  /** Draw one state: `hist` from histograms(), the counts at θ. */
  function draw(hist, theta, counts) {
    if (geometry.width === 0 && !measure()) return;
    const { width: W, height: H, font } = geometry;
    const ctx = canvas.getContext("2d");
    ctx.setTransform(geometry.dpr, 0, 0, geometry.dpr, 0, 0);
    ctx.clearRect(0, 0, W, H);
    const left = font * 0.6;
    const right = W - font * 0.6;
    const top = font * 2.4;
    const base = H - font * 1.6;
    const x = (s) => left + ((s - low) / (high - low)) * (right - left);
    let most = 1;
    for (let b = 0; b < hist.bins; b++) most = Math.max(most, hist.pos[b], hist.neg[b]);
    const unit = (base - top) / most;
    const barW = (right - left) / hist.bins;
    // negatives: solid orange with a dark outline; positives: blue hatching with a blue outline
    for (const [counts_, fill, edge] of [[hist.neg, "rgba(230, 159, 0, 0.55)", NEGATIVE_EDGE],
                                         [hist.pos, geometry.pattern, POSITIVE_COLOR]]) {
      ctx.fillStyle = fill;
      ctx.strokeStyle = edge;
      ctx.lineWidth = Math.max(1, font / 12);
      ctx.beginPath();
      for (let b = 0; b < hist.bins; b++) {
        if (counts_[b] === 0) continue;
        ctx.rect(left + b * barW, base - counts_[b] * unit, barW, counts_[b] * unit);
      }
      ctx.fill();
      // the outline of the histogram as a step line, so overlapping bars stay apart
      ctx.beginPath();
      ctx.moveTo(left, base);
      for (let b = 0; b < hist.bins; b++) {
        const h = base - counts_[b] * unit;
        ctx.lineTo(left + b * barW, h);
        ctx.lineTo(left + (b + 1) * barW, h);
      }
      ctx.lineTo(right, base);
      ctx.stroke();
    }
    // the predicted-0 side (s < θ) faded: FN and TN
    const xt = Math.min(Math.max(x(theta), left), right);
    ctx.fillStyle = "rgba(255, 255, 255, 0.6)";
    ctx.fillRect(left, top - font * 0.2, xt - left, base - top + font * 0.2);
    // the axis, its ticks (integers), the label
    ctx.strokeStyle = "#444";
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(left, base + 0.5); ctx.lineTo(right, base + 0.5);
    ctx.stroke();
    ctx.fillStyle = "#222";
    ctx.font = `${(font * 0.75).toFixed(1)}px sans-serif`;
    ctx.textAlign = "center";
    ctx.textBaseline = "top";
    const axisName = "score s";
    const nameStart = right - ctx.measureText(axisName).width - font * 0.6;
    for (let t = Math.ceil(low); t <= Math.floor(high); t++) {
      ctx.beginPath();
      ctx.moveTo(x(t), base); ctx.lineTo(x(t), base + font * 0.3);
      ctx.stroke();
      if (x(t) < nameStart) ctx.fillText(String(t), x(t), base + font * 0.35);
    }
    ctx.textAlign = "right";
    ctx.fillText(axisName, right, base + font * 0.35);
    // the threshold
    ctx.strokeStyle = "#000";
    ctx.lineWidth = Math.max(1.5, font / 8);
    ctx.setLineDash([font * 0.35, font * 0.25]);
    ctx.beginPath();
    ctx.moveTo(xt, top - font * 0.4); ctx.lineTo(xt, base);
    ctx.stroke();
    ctx.setLineDash([]);
    // the four regions: predicted 0 left of θ, predicted 1 right of it
    ctx.font = `600 ${(font * 0.8).toFixed(1)}px sans-serif`;
    ctx.textBaseline = "alphabetic";
    const gap = font * 0.4;
    const leftText = `← predicted 0: FN ${counts.fn}, TN ${counts.tn}`;
    const rightText = `predicted 1: TP ${counts.tp}, FP ${counts.fp} →`;
    const y1 = top - font * 1.2;
    const y2 = top - font * 0.45;
    // beside θ when there is room, else pushed inward
    ctx.textAlign = "right";
    const lw = ctx.measureText(leftText).width;
    ctx.fillText(leftText, Math.max(xt - gap, left + lw), y1);
    ctx.textAlign = "left";
    const rw = ctx.measureText(rightText).width;
    ctx.fillText(rightText, Math.min(xt + gap, right - rw), y2);
  }
  return { node, canvas, draw, resize: () => { geometry.width = 0; } };
}

// ---- the view ----------------------------------------------------------------------------

function render({ model, el: host }) {
  counter += 1;
  const id = `evalcore-de-${counter}-${Math.random().toString(36).slice(2, 8)}`;
  const noise = new Float64Array(bufferOf(model.get("noise")));
  const n = model.get("n");
  const low = model.get("low");
  const high = model.get("high");
  const show = new Set(model.get("show") || PANELS);

  const root = el("div", { class: "evalcore-distribution-explorer", role: "group" });
  // JupyterLab and Notebook 7 must leave the keys to the controls (see _explorer.js)
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  root.setAttribute("data-p-suppress-shortcuts", "true");
  const title = model.get("title");
  if (title) {
    const heading = el("p", { class: "de-title", id: `${id}-title` });
    heading.append(el("strong", {}, title));
    root.append(heading);
    root.setAttribute("aria-labelledby", `${id}-title`);
  } else {
    root.setAttribute("aria-label", "Distribution explorer");
  }
  const controls = buildControls(id, low, high);
  root.append(controls.node);
  const dist = show.has("distributions") ? buildDistributions(low, high) : null;
  if (dist) root.append(dist.node);
  const grid = el("div", { class: "de-grid" });
  const matrix = show.has("matrix") ? buildMatrix() : null;
  const roc = show.has("roc") ? buildUnitPlot("roc", "FPR", "TPR", "AUC") : null;
  const pr = show.has("pr") ? buildUnitPlot("pr", "recall", "precision", "AP") : null;
  for (const part of [matrix, roc, pr]) if (part) grid.append(part.node);
  if (grid.childElementCount) root.append(grid);
  host.classList.add("evalcore-distribution-explorer-host");
  host.append(root);
  if (roc) roc.setChance(0, 0, 1, 1);

  // ---- model -> view ----------------------------------------------------------------------
  let data = null;       // the cases, groups, histograms, areas of the drawn separation and π
  const drawn = {};
  function rebuild(separation, prevalence) {
    const cases = shownCases(noise, n, separation, prevalence);
    const groups = tieGroups(cases.scores, cases.labels);
    data = { separation, prevalence, cases, groups, auc: aucOf(groups),
             ap: averagePrecisionOf(groups),
             hist: dist ? histograms(cases.scores, cases.labels, low, high) : null };
    if (roc) {
      const { fpr, tpr } = rocVertices(groups);
      roc.curve.setAttribute("d", pathThrough(fpr, tpr));
      setText(roc.areaValue, formatArea(data.auc));
      roc.areaValue.dataset.value = String(data.auc);
    }
    if (pr) {
      const { recall, precision } = prVertices(groups);
      pr.curve.setAttribute("d", pathThrough(recall, precision));
      const baseline = groups.P / (groups.P + groups.N);
      pr.setChance(0, baseline, 1, baseline);
      setText(pr.areaValue, formatArea(data.ap));
      pr.areaValue.dataset.value = String(data.ap);
      setText(pr.extra, `baseline π = ${formatArea(baseline)}`);
      pr.extra.dataset.value = String(baseline);
    }
    root.dataset.auc = String(data.auc);
    root.dataset.ap = String(data.ap);
    root.dataset.positives = String(groups.P);
    root.dataset.negatives = String(groups.N);
  }

  function update(force = false) {
    const separation = model.get("separation");
    const prevalence = model.get("prevalence");
    const theta = model.get("threshold");
    if (!force && drawn.separation === separation && drawn.prevalence === prevalence &&
        drawn.theta === theta) return;
    if (!data || data.separation !== separation || data.prevalence !== prevalence) {
      rebuild(separation, prevalence);
    }
    const { groups } = data;
    const c = countsAt(groups, theta);
    const tpr = c.tp / groups.P;
    const fpr = c.fp / groups.N;
    const precision = c.tp / (c.tp + c.fp);
    const values = { threshold: theta, separation, prevalence };
    const texts = {
      threshold: `θ = ${formatNumber(theta)}`,
      separation: formatNumber(separation),
      prevalence: `π = ${formatNumber(prevalence)} (P = ${groups.P}, N = ${groups.N})`,
    };
    for (const [name, range] of Object.entries(controls.ranges)) {
      if (Number(range.input.value) !== values[name]) range.input.value = String(values[name]);
      setText(range.readout, texts[name]);
      setAttr(range.input, "aria-valuetext", texts[name]);
    }
    if (matrix) {
      for (const name of ["tp", "fn", "fp", "tn"]) setText(matrix.cells[name], String(c[name]));
      setText(matrix.where, ` at θ = ${formatNumber(theta)}, predict 1 when s ≥ θ`);
    }
    if (roc) {
      roc.marker.setAttribute("cx", plotX(fpr).toFixed(2));
      roc.marker.setAttribute("cy", plotY(tpr).toFixed(2));
      roc.marker.dataset.x = String(fpr);
      roc.marker.dataset.y = String(tpr);
      setAttr(roc.svg, "aria-label", `ROC curve, AUC ${formatArea(data.auc)}; the current ` +
              `point is FPR ${formatArea(fpr)}, TPR ${formatArea(tpr)}`);
    }
    if (pr) {
      const defined = !Number.isNaN(precision);
      pr.marker.style.display = defined ? "" : "none";
      if (defined) {
        pr.marker.setAttribute("cx", plotX(tpr).toFixed(2));
        pr.marker.setAttribute("cy", plotY(precision).toFixed(2));
      }
      pr.marker.dataset.x = String(tpr);
      pr.marker.dataset.y = String(precision);
      const baseline = formatArea(groups.P / (groups.P + groups.N));
      setAttr(pr.svg, "aria-label", `Precision-recall curve, average precision ` +
              `${formatArea(data.ap)}, baseline π ${baseline}; ` +
              (defined ? `the current point is recall ${formatArea(tpr)}, precision ` +
                         `${formatArea(precision)}`
                : "precision is undefined here: nothing is predicted positive"));
    }
    if (dist) {
      dist.draw(data.hist, theta, c);
      setAttr(dist.canvas, "aria-label", `Histograms of the scores of ${groups.P} positives ` +
              `and ${groups.N} negatives, separation ${formatNumber(separation)}, with the ` +
              `threshold θ = ${formatNumber(theta)}: ${c.tp} true positives and ${c.fp} false ` +
              `positives score at or above it, ${c.fn} false negatives and ${c.tn} true ` +
              `negatives below it`);
    }
    root.dataset.separation = String(separation);
    root.dataset.prevalence = String(prevalence);
    root.dataset.threshold = String(theta);
    for (const name of ["tp", "fp", "fn", "tn"]) root.dataset[name] = String(c[name]);
    drawn.separation = separation; drawn.prevalence = prevalence; drawn.theta = theta;
    root.dataset.ready = "true";
  }
  function restyle() {
    root.classList.toggle("de-large", model.get("size") === "large");
    if (dist) dist.resize();                // the canvas is redrawn at its new size
    update(true);
  }

  // ---- view -> model ----------------------------------------------------------------------
  function write(name, value) {
    if (value !== model.get(name)) {
      model.set(name, value);
      model.save_changes();
    }
    update();
  }
  const inputs = new Map();
  for (const [name, range] of Object.entries(controls.ranges)) {
    inputs.set(range.input, name);
    range.input.addEventListener("input", () => write(name, Number(range.input.value)));
  }
  // Jupyter handles its shortcuts in a capture listener on the document, before a key reaches
  // the widget, and Notebook 7 takes the arrow keys there even from elements marked
  // data-lm-suppress-shortcuts. A capture listener on the window runs before it: a key aimed
  // at one of these controls is handled here and goes no further.
  function guardKeys(event) {
    if (!controls.node.contains(event.target)) return;
    event.stopPropagation();
    const name = inputs.get(event.target);
    if (name === undefined) return;
    const { spec } = controls.ranges[name];
    const next = stepKey(event.key, model.get(name), spec.min, spec.max, spec.step,
                         spec.decimals);
    if (next === null) return;
    event.preventDefault();
    write(name, next);
  }
  window.addEventListener("keydown", guardKeys, true);
  const events = "change:separation change:prevalence change:threshold";
  const onChange = () => update();
  model.on(events, onChange);
  model.on("change:size", restyle);
  let observer = null;
  if (dist && typeof ResizeObserver !== "undefined") {
    let width = null;
    observer = new ResizeObserver((entries) => {
      const w = entries[0].contentRect.width;
      if (w !== width) { width = w; restyle(); }
    });
    observer.observe(dist.canvas);
  }
  restyle();
  return () => {
    model.off(events, onChange);
    model.off("change:size", restyle);
    window.removeEventListener("keydown", guardKeys, true);
    if (observer) observer.disconnect();
  };
}

export default { render };
