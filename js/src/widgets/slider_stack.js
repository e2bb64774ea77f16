// The slider stack's front end (an anywidget module; see evalcore/_slider_stack.py). Bundled by
// esbuild with the shared modules of js/src into evalcore/_slider_stack.js.
//
// The model holds every pane as an HTML string, one label per pane and `index`, the single
// source of truth. The view is a native <input type="range"> (arrow keys, PageUp/PageDown,
// Home/End come from the browser), its <label>, a read-only <output> showing the current label
// and the current pane: only that pane is in the DOM. Nothing here needs a kernel, so the
// static book switches panes from its embedded widget state.

import "./slider_stack.css";
import { el } from "../dom.js";
import { guardKeys } from "../keys.js";
import { onChanges, setTrait, suppressShortcuts, uniqueId } from "../widget.js";

/** The position shown for `index`: an integer clamped to [0, count - 1]. */
export function clampIndex(index, count) {
  const i = Math.round(Number(index));
  if (!Number.isFinite(i) || count < 1) return 0;
  return Math.min(Math.max(i, 0), count - 1);
}

/** The label, the range input and the readout, tied together by ids. */
function buildControls(id) {
  const controls = el("div", { class: "ess-controls" });
  const label = el("label", { class: "ess-label", for: `${id}-input` });
  const input = el("input", { class: "ess-input", type: "range", id: `${id}-input`, min: "0",
                              step: "1" });
  // The input's aria-valuetext already speaks the label: the readout is not a live region.
  const output = el("output", { class: "ess-readout", for: `${id}-input`, "aria-live": "off" });
  controls.append(label, input, output);
  return { controls, label, input, output };
}

/** The function that redraws the view from the model; only the current pane is in the DOM. */
function drawer(model, id, { root, label, input, output, pane }) {
  let shown = null; // the index whose pane is in the DOM
  return () => {
    const labels = model.get("labels") || [];
    const panes = model.get("panes") || [];
    const index = clampIndex(model.get("index"), panes.length);
    const text = labels[index] === undefined ? "" : String(labels[index]);
    root.classList.toggle("ess-large", model.get("size") === "large");
    root.setAttribute("aria-labelledby", `${id}-label`);
    label.id = `${id}-label`;
    label.textContent = model.get("description");
    input.max = String(Math.max(panes.length - 1, 0));
    input.disabled = panes.length < 2;
    if (Number(input.value) !== index) input.value = String(index);
    input.setAttribute("aria-valuetext", text);
    output.textContent = text;
    root.dataset.index = String(index);
    if (shown !== index || pane.dataset.count !== String(panes.length)) {
      pane.innerHTML = panes[index] === undefined ? "" : panes[index];
      pane.dataset.count = String(panes.length);
      shown = index;
    }
  };
}

function render({ model, el: host }) {
  const id = uniqueId("ss");
  host.classList.add("evalcore-slider-stack");
  const root = el("div", { class: "ess", role: "group" });
  suppressShortcuts(root);
  const { controls, label, input, output } = buildControls(id);
  const pane = el("div", { class: "ess-pane" });
  root.append(controls, pane);
  host.append(root);
  const update = drawer(model, id, { root, label, input, output, pane });
  const onInput = () => setTrait(model, "index",
    clampIndex(input.value, (model.get("panes") || []).length), update);
  input.addEventListener("input", onInput);
  input.addEventListener("change", onInput);
  const stops = [
    // a key aimed at the slider goes no further; its default action (moving it) still happens
    guardKeys((target) => target === input),
    onChanges(model, "change:index change:panes change:labels change:description change:size",
              update),
    () => {
      input.removeEventListener("input", onInput);
      input.removeEventListener("change", onInput);
    },
  ];
  update();
  return () => stops.forEach((stop) => stop());
}

export default { render };
