// The threshold explorer's front end (an anywidget module; see evalcore/_threshold_explorer.py).
// Bundled by esbuild with the shared modules of js/src into evalcore/_threshold_explorer.js.
//
// evalcore sends the scores sorted increasingly with their 0/1 labels and two end thresholds
// (`low` below every score, `high` above). The model's `threshold`, `rule` and
// `negative_copies` are the single source of truth: the controls drawn here write them, Python
// can write them too, and the view redraws from them.
//
// With K distinct scores v_0 < ... < v_{K-1} there are K + 1 operating points: position p
// calls the groups p, ..., K-1 positive. The range input's steps are those positions; moving
// right raises θ. The threshold of a position is, under `score >= θ`, the lowest score called
// positive (v_p, or `high` for p = K) and, under `score > θ`, the highest score called negative
// (v_{p-1}, or `low` for p = 0). Any θ (set from Python) maps back to its position by binary
// search. The counts are integer sums and the rates the same divisions as
// evalcore.ConfusionMatrix, so the numbers shown equal evalcore's.

import "./threshold_explorer.css";
import { el, setAttr, setText } from "../dom.js";
import { formatNumber, formatRate } from "../format.js";
import { keySteps, guardKeys } from "../keys.js";
import { buildMatrix } from "../matrix.js";
import { RATES, prVertices, rates, rocVertices } from "../metrics.js";
import { buildUnitPlot } from "../plot.js";
import { buildStrip } from "../score_strip.js";
import { countsAt, positionOf, tieGroups } from "../ties.js";
import { bufferOf, buildCard, observeWidth, onChanges, setTrait, uniqueId } from "../widget.js";

// the pure functions the view runs on, exported for tests/test_explorer_js.py (Chromium)
export { countsAt, positionOf, tieGroups } from "../ties.js";
export { prVertices, rates, rocVertices } from "../metrics.js";
export { formatNumber, formatRate } from "../format.js";
export { scoreAt, shareOf } from "../plot.js";

const RULE_TEXT = { ">": "score > θ", ">=": "score ≥ θ" };
export const PANELS = ["matrix", "rates", "roc", "pr", "strip"];

/** The threshold shown at `position` under `rule` (see the header comment). */
export function thresholdAt(position, rule, values, low, high) {
  const K = values.length;
  const p = Math.min(Math.max(Math.round(position), 0), K);
  if (rule === ">=") return p === K ? high : values[p];
  return p === 0 ? low : values[p - 1];
}

/** The position after pressing `key` at `position` of 0..K, or null for other keys: one
 *  operating point, a tenth of them (PageUp/PageDown), an end (Home/End). */
export function stepKey(key, position, K) {
  const steps = keySteps(key, Math.max(1, Math.round(K / 10)));
  return steps === null ? null : Math.min(Math.max(position + steps, 0), K);
}

// ---- builders ----------------------------------------------------------------------------

/** A labelled range input with its readout. */
function buildRange(id, name, label, max, className) {
  const node = el("div", { class: "ee-range" });
  const input = el("input", { type: "range", id: `${id}-${name}`, min: name === "theta" ? "0" : "1",
                              max: String(max), step: "1", class: className });
  const readout = el("output", { for: `${id}-${name}`, class: "ee-readout", "aria-live": "off" });
  node.append(el("label", { for: `${id}-${name}`, class: "ee-label" }, label), input, readout);
  return { node, input, readout };
}

/** The rule's two radio buttons. */
function buildRule(id) {
  const node = el("fieldset", { class: "ee-rule" });
  node.append(el("legend", {}, "Predict 1 when"));
  const radios = {};
  for (const rule of [">", ">="]) {
    const label = el("label", { class: "ee-radio" });
    radios[rule] = el("input", { type: "radio", name: `${id}-rule`, value: rule });
    label.append(radios[rule], ` ${RULE_TEXT[rule]}`);
    node.append(label);
  }
  return { node, radios };
}

/** The range input over the operating points, the rule radios, the copies range input. */
function buildControls(id, K, maxCopies) {
  const node = el("div", { class: "ee-controls" });
  const theta = buildRange(id, "theta", "Threshold θ", K, "ee-input");
  const rule = buildRule(id);
  node.append(theta.node, rule.node);
  const copies = maxCopies > 1
    ? buildRange(id, "copies", "Copies of each negative", maxCopies, "ee-input ee-copies") : null;
  if (copies) node.append(copies.node);
  return { node, theta, radios: rule.radios, copies };
}

/** The rates table. */
function buildRates() {
  const node = el("table", { class: "evalcore-cm ee-rates" });
  node.append(el("caption", {}, "Rates"));
  const body = el("tbody");
  const cells = {};
  for (const [key, name] of RATES) {
    const row = el("tr");
    cells[key] = el("td", { "data-rate": key });
    row.append(el("th", { scope: "row" }, name), cells[key]);
    body.append(row);
  }
  node.append(body);
  const show = (r) => {
    for (const [key] of RATES) {
      setText(cells[key], formatRate(r[key]));
      setAttr(cells[key], "data-value", String(r[key]));
    }
  };
  return { node, show };
}

/** The data the model sends, and its tie groups. */
function readData(model) {
  const scores = new Float64Array(bufferOf(model.get("scores"), "the scores"));
  const labels = new Uint8Array(bufferOf(model.get("labels"), "the labels"));
  return { scores, labels, low: model.get("low"), high: model.get("high"),
           groups: tieGroups(scores, labels) };
}

/** The whole view: the card, the controls, the panels `show` asks for. */
function buildView(model, data) {
  const id = uniqueId("ee");
  const show = new Set(model.get("show") || PANELS);
  const root = buildCard({ className: "evalcore-explorer", prefix: "ee", id,
                           title: model.get("title"), name: "Threshold explorer" });
  const controls = buildControls(id, data.groups.K, model.get("max_copies"));
  const view = {
    root, controls, balance: controls.copies !== null,
    matrix: show.has("matrix") ? buildMatrix("ee") : null,
    rates: show.has("rates") ? buildRates() : null,
    roc: show.has("roc") ? buildUnitPlot("ee", "roc", "FPR", "TPR", { layered: true }) : null,
    pr: show.has("pr") ? buildUnitPlot("ee", "pr", "recall", "precision", { layered: true }) : null,
    strip: show.has("strip") ? buildStrip(data.scores, data.labels, data.low, data.high) : null,
  };
  const grid = el("div", { class: "ee-grid" });
  // the ROC plot beside the matrix where there is room; PR and the rates after them
  for (const part of [view.matrix, view.roc, view.pr, view.rates]) if (part) grid.append(part.node);
  root.append(controls.node, grid);
  if (view.strip) root.append(view.strip.node);
  if (view.roc) {
    const { fpr, tpr } = rocVertices(data.groups);
    view.roc.showCurve(fpr, tpr);
    view.roc.showChance(0, 0, 1, 1);
  }
  return view;
}

// ---- model -> view ----------------------------------------------------------------------

/** The state the view shows, read from the model. */
function stateOf(model, balance) {
  return { theta: model.get("threshold"), rule: model.get("rule") === ">=" ? ">=" : ">",
           copies: balance ? model.get("negative_copies") : 1 };
}

/** The PR curve with each negative counted `copies` times, and its chance line. */
function showPRCurve(pr, groups, copies) {
  const { recall, precision } = prVertices(groups, copies);
  pr.showCurve(recall, precision);
  const base = groups.P / (groups.P + groups.N * copies);
  pr.showChance(0, base, 1, base);
}

/** The controls at `state`. */
function showControls(controls, { theta, rule, copies }, position) {
  const thetaText = formatNumber(theta);
  const { input, readout } = controls.theta;
  if (Number(input.value) !== position) input.value = String(position);
  setAttr(input, "aria-valuetext", `θ = ${thetaText}; predict 1 when ${RULE_TEXT[rule]}`);
  setText(readout, `θ = ${thetaText}`);
  controls.radios[rule].checked = true;
  if (controls.copies) {
    if (Number(controls.copies.input.value) !== copies) {
      controls.copies.input.value = String(copies);
    }
    setText(controls.copies.readout, String(copies));
  }
}

/** Every panel at `state`; the PR curve again only when the copies changed since `drawn`. */
function showState(view, data, state, drawn) {
  const { theta, rule, copies } = state;
  const position = positionOf(data.groups.values, theta, rule);
  const c = countsAt(data.groups, theta, rule, copies);
  const r = rates(c);
  const thetaText = formatNumber(theta);
  const ruleText = RULE_TEXT[rule];
  showControls(view.controls, state, position);
  if (view.matrix) view.matrix.show(c, ` at θ = ${thetaText}, predict 1 when ${ruleText}`);
  if (view.rates) view.rates.show(r);
  if (view.roc) {
    view.roc.showPoint(r.fpr, r.tpr, `ROC curve; the current point is FPR ${formatRate(r.fpr)}, ` +
                       `TPR ${formatRate(r.tpr)}`);
  }
  if (view.pr) {
    if (copies !== drawn.copies) showPRCurve(view.pr, data.groups, copies);
    view.pr.showPoint(r.tpr, r.precision, Number.isNaN(r.precision)
      ? "Precision-recall curve; precision is undefined here: nothing is predicted positive"
      : `Precision-recall curve; the current point is recall ${formatRate(r.tpr)}, ` +
        `precision ${formatRate(r.precision)}`);
  }
  if (view.strip) {
    view.strip.show(theta, rule, `Scores by class on a line: ${c.tp + c.fp / copies} of ` +
      `${data.scores.length} examples score ${ruleText.slice(6)} = ${thetaText}, drawn filled: ` +
      `predicted positive; the others are drawn hollow`);
  }
  Object.assign(view.root.dataset, { threshold: String(theta), rule, copies: String(copies),
                                     position: String(position), ready: "true" });
}

/** The function that redraws the view from the model (`force`: even if nothing changed). */
function drawer(model, view, data) {
  let drawn = {};
  return (force = false) => {
    const state = stateOf(model, view.balance);
    if (!force && drawn.theta === state.theta && drawn.rule === state.rule &&
        drawn.copies === state.copies) return;
    showState(view, data, state, drawn);
    drawn = state;
  };
}

// ---- view -> model ----------------------------------------------------------------------

/** The controls write the model; returns the function that stops listening. */
function listen(model, view, data, update) {
  const { controls } = view;
  const { values } = data.groups;
  const setPosition = (position) => {
    const rule = model.get("rule") === ">=" ? ">=" : ">";
    setTrait(model, "threshold", thresholdAt(position, rule, values, data.low, data.high), update);
  };
  const theta = controls.theta.input;
  theta.addEventListener("input", () => setPosition(Number(theta.value)));
  for (const radio of Object.values(controls.radios)) {
    radio.addEventListener("change", (event) => {
      if (event.target.checked) setTrait(model, "rule", event.target.value, update);
    });
  }
  if (controls.copies) {
    const input = controls.copies.input;
    input.addEventListener("input",
      () => setTrait(model, "negative_copies", Number(input.value), update));
  }
  // the range input's keys step by operating points (one, a tenth, the ends)
  return guardKeys((target) => controls.node.contains(target), (event) => {
    if (event.target !== theta) return;
    const position = positionOf(values, model.get("threshold"), model.get("rule"));
    const next = stepKey(event.key, position, values.length);
    if (next === null) return;
    event.preventDefault();
    setPosition(next);
  });
}

// ---- the view ----------------------------------------------------------------------------

function render({ model, el: host }) {
  const data = readData(model);
  const view = buildView(model, data);
  host.classList.add("evalcore-threshold-explorer");
  host.append(view.root);
  const update = drawer(model, view, data);
  const large = () => view.root.classList.toggle("ee-large", model.get("size") === "large");
  const restyle = () => {
    large();
    if (view.strip) { view.strip.resize(); update(true); }
  };
  const stops = [
    listen(model, view, data, update),
    onChanges(model, "change:threshold change:rule change:negative_copies", update),
    onChanges(model, "change:size", restyle),
    // the strip's canvases are drawn once it is laid out, and follow its width (window size,
    // zoom, font size)
    view.strip ? observeWidth(view.strip.node, restyle) : () => {},
  ];
  large();
  update();
  return () => stops.forEach((stop) => stop());
}

export default { render };
