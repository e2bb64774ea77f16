// The distribution explorer's front end (an anywidget module; see
// evalcore/_distribution_explorer.py). Bundled by esbuild with the shared modules of js/src
// into evalcore/_distribution_explorer.js.
//
// evalcore sends one fixed pool of standard-normal noise: n values for the positives, then n
// for the negatives. At prevalence π the view shows the first P = π·n rounded half up (kept
// within [1, n − 1]; see positivesShown) and the first n − P negatives, with
// score = noise + separation × y: the same IEEE double operations as evalcore's
// DistributionExplorer.sample(), so the cases, and every count and area computed from them,
// are evalcore's. The model's `separation`, `prevalence` and `threshold` are the single source
// of truth: the range inputs write them, Python can write them too, and the view redraws from
// them.
//
// Two stages. When the separation or the prevalence changes, the cases are rebuilt, sorted
// once and grouped by tied score; the ROC and PR curves, the AUC (Mann–Whitney from mid-ranks,
// as evalcore.roc_auc) and the average precision (as evalcore.average_precision) come from one
// walk over the groups, and the two histograms from one pass over the cases. When only θ
// moves, the counts come from a binary search over the groups and the canvas is redrawn.
//
// The θ control steps through the operating points of the cases shown: with K distinct
// scores v_0 < ... < v_{K-1}, its positions 0..K call v_p, ..., v_{K-1} positive, so each step
// moves at least one case across θ, and its range follows the scores when the separation or
// the prevalence moves them. The θ of a position is the number with the fewest decimal places
// in (v_{p-1}, v_p] (thresholdAt, as evalcore's slider_thresholds); any θ (from Python, or
// kept when the separation changes) shows at its position, how many distinct scores lie below.

import "./distribution_explorer.css";
import { el, setAttr, setText } from "../dom.js";
import { formatNumber, formatRate } from "../format.js";
import { histograms, buildDistributions } from "../histograms.js";
import { keySteps, guardKeys } from "../keys.js";
import { buildMatrix } from "../matrix.js";
import { averagePrecisionOf, aucOf, prVertices, rates, rocVertices } from "../metrics.js";
import { buildUnitPlot } from "../plot.js";
import { countsAt, positionOf, tieGroups } from "../ties.js";
import { bufferOf, buildCard, observeWidth, onChanges, setTrait, uniqueId } from "../widget.js";

// the pure functions the view runs on, exported for tests/test_distribution_explorer_browser.py
export { countsAt, positionOf, tieGroups } from "../ties.js";
export { averagePrecisionOf, aucOf, prVertices, rocVertices } from "../metrics.js";
export { formatNumber, formatRate } from "../format.js";
export { BIN_WIDTH, histograms } from "../histograms.js";

export const PANELS = ["distributions", "matrix", "roc", "pr"];
/** The controls: their range, step and the decimals of a step (as in the Python module); the
 *  threshold's are positions 0..K, K set by the cases shown. */
export const CONTROLS = {
  threshold: { label: "Threshold θ", min: 0, max: 1, step: 1, decimals: 0 },
  separation: { label: "Separation", min: 0, max: 4, step: 0.1, decimals: 1 },
  prevalence: { label: "Prevalence π", min: 0.05, max: 0.95, step: 0.05, decimals: 2 },
};

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

/** The most decimal places of a position's θ (MAX_DECIMALS in Python). */
export const MAX_DECIMALS = 15;

/** The number with the fewest decimal places in (above, atMost], as a double: among those
 *  with that many places the largest (`largest`) or the smallest; `atMost` itself when none of
 *  up to MAX_DECIMALS places fits. The same operations as evalcore's fewest_decimals: a number
 *  of d places is m / 10^d (one correctly rounded division), compared with the bounds. */
export function fewestDecimals(above, atMost, largest = true) {
  let scale = 1;
  for (let d = 0; d <= MAX_DECIMALS; d++) {
    if (Math.max(Math.abs(above), Math.abs(atMost)) * scale >= 2 ** 52) break;
    if (largest) {
      let m = Math.floor(atMost * scale);
      while ((m + 1) / scale <= atMost) m += 1;
      while (m / scale > atMost) m -= 1;
      const value = m / scale;
      if (value > above) return value + 0;
    } else {
      let m = Math.floor(above * scale) + 1;
      while ((m - 1) / scale > above) m -= 1;
      while (m / scale <= above) m += 1;
      const value = m / scale;
      if (value <= atMost) return value + 0;
    }
    scale *= 10;
  }
  return atMost;
}

/** The θ of position `position` (0..K) of the increasing distinct scores `values`: the
 *  fewest decimal places in (v_{p-1}, v_p], the largest such (v_{-1} = `low`); for p = K the
 *  smallest in (v_{K-1}, `high`]. */
export function thresholdAt(values, position, low, high) {
  const K = values.length;
  const p = Math.min(Math.max(Math.round(position), 0), K);
  if (p === K) return fewestDecimals(values[K - 1], high, false);
  return fewestDecimals(p === 0 ? low : values[p - 1], values[p], true);
}

/** The θ of every position, increasing (evalcore's DistributionExplorer.thresholds). */
export function sliderThresholds(values, low, high) {
  return Array.from({ length: values.length + 1 }, (_, p) => thresholdAt(values, p, low, high));
}

/** The value of a control after pressing `key` at `value`, or null for other keys: one step,
 *  ten steps (PageUp/PageDown) or an end (Home/End), on the control's grid. */
export function stepKey(key, value, min, max, step, decimals) {
  const steps = keySteps(key, 10);
  if (steps === null) return null;
  const last = Math.round((max - min) / step);
  const index = Math.min(Math.max(Math.round((value - min) / step) + steps, 0), last);
  return Number((min + index * step).toFixed(decimals));
}

// ---- builders ----------------------------------------------------------------------------

/** One labelled range input with its readout. */
function buildRange(id, name, spec) {
  const node = el("div", { class: "de-range" });
  const label = el("label", { for: `${id}-${name}`, class: "de-label" }, spec.label);
  const input = el("input", { type: "range", id: `${id}-${name}`, min: String(spec.min),
                              max: String(spec.max), step: String(spec.step),
                              class: "de-input", "data-control": name });
  const readout = el("output", { for: `${id}-${name}`, class: "de-readout",
                                 "aria-live": "off" });
  node.append(label, input, readout);
  return { node, input, readout, spec };
}

/** The three range inputs: θ (its positions; showCases sets their number), the separation,
 *  the prevalence. */
function buildControls(id) {
  const node = el("div", { class: "de-controls" });
  const ranges = {};
  for (const name of ["threshold", "separation", "prevalence"]) {
    ranges[name] = buildRange(id, name, { ...CONTROLS[name] });
    node.append(ranges[name].node);
  }
  return { node, ranges };
}

/** A unit plot with its area written under it (`<name> = value`, and a line of extra text). */
function buildAreaPlot(kind, xlabel, ylabel, areaName) {
  const plot = buildUnitPlot("de", kind, xlabel, ylabel);
  const area = el("div", { class: "de-area" });
  const value = el("span", { "data-area": kind });
  const extra = el("span", { class: "de-extra" });
  area.append(`${areaName} = `, value, extra);
  plot.node.append(area);
  const showArea = (x, extraText = null, extraValue = null) => {
    setText(value, formatRate(x));
    value.dataset.value = String(x);
    if (extraText !== null) { setText(extra, extraText); extra.dataset.value = String(extraValue); }
  };
  return { ...plot, showArea };
}

/** The whole view: the card, the controls, the panels `show` asks for. */
function buildView(model, low, high) {
  const id = uniqueId("de");
  const show = new Set(model.get("show") || PANELS);
  const root = buildCard({ className: "evalcore-distribution-explorer", prefix: "de", id,
                           title: model.get("title"), name: "Distribution explorer" });
  const view = {
    root, controls: buildControls(id),
    dist: show.has("distributions") ? buildDistributions(low, high) : null,
    matrix: show.has("matrix") ? buildMatrix("de") : null,
    roc: show.has("roc") ? buildAreaPlot("roc", "FPR", "TPR", "AUC") : null,
    pr: show.has("pr") ? buildAreaPlot("pr", "recall", "precision", "AP") : null,
  };
  root.append(view.controls.node);
  if (view.dist) root.append(view.dist.node);
  const grid = el("div", { class: "de-grid" });
  for (const part of [view.matrix, view.roc, view.pr]) if (part) grid.append(part.node);
  if (grid.childElementCount) root.append(grid);
  if (view.roc) view.roc.showChance(0, 0, 1, 1);
  return view;
}

// ---- model -> view ----------------------------------------------------------------------

/** The cases at one separation and prevalence, their groups, areas and histograms. */
function casesAt(input, separation, prevalence, withHistograms) {
  const { noise, n, low, high } = input;
  const cases = shownCases(noise, n, separation, prevalence);
  const groups = tieGroups(cases.scores, cases.labels);
  return { separation, prevalence, cases, groups, auc: aucOf(groups),
           ap: averagePrecisionOf(groups),
           hist: withHistograms ? histograms(cases.scores, cases.labels, low, high) : null };
}

/** What changes with the cases only: the θ control's positions, the curves, their areas, the
 *  class totals. */
function showCases(view, data) {
  const { groups } = data;
  const theta = view.controls.ranges.threshold;
  theta.spec.max = groups.K;
  setAttr(theta.input, "max", String(groups.K));
  if (view.roc) {
    const { fpr, tpr } = rocVertices(groups);
    view.roc.showCurve(fpr, tpr);
    view.roc.showArea(data.auc);
  }
  if (view.pr) {
    const { recall, precision } = prVertices(groups);
    view.pr.showCurve(recall, precision);
    const baseline = groups.P / (groups.P + groups.N);
    view.pr.showChance(0, baseline, 1, baseline);
    view.pr.showArea(data.ap, `baseline π = ${formatRate(baseline)}`, baseline);
  }
  Object.assign(view.root.dataset, { auc: String(data.auc), ap: String(data.ap),
                                     positives: String(groups.P), negatives: String(groups.N) });
}

/** The three controls at the state shown (θ at its position). */
function showControls(controls, values, groups, position) {
  const texts = {
    threshold: `θ = ${formatNumber(values.threshold)}`,
    separation: formatNumber(values.separation),
    prevalence: `π = ${formatNumber(values.prevalence)} (P = ${groups.P}, N = ${groups.N})`,
  };
  for (const [name, range] of Object.entries(controls.ranges)) {
    const value = name === "threshold" ? position : values[name];
    if (Number(range.input.value) !== value) range.input.value = String(value);
    setText(range.readout, texts[name]);
    setAttr(range.input, "aria-valuetext", texts[name]);
  }
}

/** Every panel at θ (the cases drawn already). */
function showThreshold(view, data, values) {
  const { groups } = data;
  const theta = values.threshold;
  const c = countsAt(groups, theta);
  const r = rates(c);
  showControls(view.controls, values, groups, positionOf(groups.values, theta, ">="));
  if (view.matrix) view.matrix.show(c, ` at θ = ${formatNumber(theta)}, predict 1 when s ≥ θ`);
  if (view.roc) {
    view.roc.showPoint(r.fpr, r.tpr, `ROC curve, AUC ${formatRate(data.auc)}; the current ` +
                       `point is FPR ${formatRate(r.fpr)}, TPR ${formatRate(r.tpr)}`);
  }
  if (view.pr) {
    view.pr.showPoint(r.tpr, r.precision, `Precision-recall curve, average precision ` +
      `${formatRate(data.ap)}, baseline π ${formatRate(groups.P / (groups.P + groups.N))}; ` +
      (Number.isNaN(r.precision) ? "precision is undefined here: nothing is predicted positive"
        : `the current point is recall ${formatRate(r.tpr)}, ` +
          `precision ${formatRate(r.precision)}`));
  }
  if (view.dist) {
    view.dist.draw(data.hist, theta, c);
    setAttr(view.dist.canvas, "aria-label", `Histograms of the scores of ${groups.P} positives ` +
            `and ${groups.N} negatives, separation ${formatNumber(values.separation)}, with the ` +
            `threshold θ = ${formatNumber(theta)}: ${c.tp} true positives and ${c.fp} false ` +
            `positives score at or above it, ${c.fn} false negatives and ${c.tn} true ` +
            `negatives below it`);
  }
  const dataset = view.root.dataset;
  dataset.separation = String(values.separation);
  dataset.prevalence = String(values.prevalence);
  dataset.threshold = String(theta);
  for (const name of ["tp", "fp", "fn", "tn"]) dataset[name] = String(c[name]);
  dataset.ready = "true";
}

/** The function that redraws the view from the model (`force`: even if nothing changed); the
 *  cases are rebuilt only when the separation or the prevalence changed. Its `cases()` gives
 *  the cases shown (drawn first if the model moved). */
function drawer(model, view, input) {
  let data = null;
  let drawn = {};
  const update = (force = false) => {
    const values = { threshold: model.get("threshold"), separation: model.get("separation"),
                     prevalence: model.get("prevalence") };
    if (!force && drawn.separation === values.separation &&
        drawn.prevalence === values.prevalence && drawn.threshold === values.threshold) return;
    if (!data || data.separation !== values.separation || data.prevalence !== values.prevalence) {
      data = casesAt(input, values.separation, values.prevalence, view.dist !== null);
      showCases(view, data);
    }
    showThreshold(view, data, values);
    drawn = values;
  };
  update.cases = () => { update(); return data; };
  return update;
}

// ---- view -> model ----------------------------------------------------------------------

/** The range inputs write the model; returns the function that stops listening. The θ
 *  control's value is a position, written to the model as that position's θ. */
function listen(model, view, update, input) {
  const inputs = new Map();
  const thetaAt = (position) => thresholdAt(update.cases().groups.values, position, input.low,
                                            input.high);
  for (const [name, range] of Object.entries(view.controls.ranges)) {
    inputs.set(range.input, range);
    const valueOf = name === "threshold" ? () => thetaAt(Number(range.input.value))
      : () => Number(range.input.value);
    range.input.addEventListener("input", () => setTrait(model, name, valueOf(), update));
  }
  // the keys step on each control's grid (one step, ten, the ends); θ's by positions
  return guardKeys((target) => view.controls.node.contains(target), (event) => {
    const range = inputs.get(event.target);
    if (range === undefined) return;
    const name = range.input.dataset.control;
    const { spec } = range;
    const current = name === "threshold"
      ? positionOf(update.cases().groups.values, model.get(name), ">=") : model.get(name);
    const next = stepKey(event.key, current, spec.min, spec.max, spec.step, spec.decimals);
    if (next === null) return;
    event.preventDefault();
    setTrait(model, name, name === "threshold" ? thetaAt(next) : next, update);
  });
}

// ---- the view ----------------------------------------------------------------------------

function render({ model, el: host }) {
  const input = { noise: new Float64Array(bufferOf(model.get("noise"), "the noise")),
                  n: model.get("n"), low: model.get("low"), high: model.get("high") };
  const view = buildView(model, input.low, input.high);
  host.classList.add("evalcore-distribution-explorer-host");
  host.append(view.root);
  const update = drawer(model, view, input);
  const large = () => view.root.classList.toggle("de-large", model.get("size") === "large");
  const restyle = () => {
    large();
    if (view.dist) view.dist.resize(); // the canvas is redrawn at its new size
    update(true);
  };
  const stops = [
    listen(model, view, update, input),
    onChanges(model, "change:separation change:prevalence change:threshold", update),
    onChanges(model, "change:size", restyle),
    // the histograms are drawn once the canvas is laid out, and follow its width
    view.dist ? observeWidth(view.dist.canvas, restyle) : () => {},
  ];
  large();
  update(true);
  return () => stops.forEach((stop) => stop());
}

export default { render };
