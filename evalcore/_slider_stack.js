// The slider stack's front end (an anywidget module; see evalcore/_slider_stack.py).
//
// The model holds every pane as an HTML string, one label per pane and `index`, the single
// source of truth. The view is a native <input type="range"> (arrow keys, PageUp/PageDown,
// Home/End come from the browser), its <label>, a read-only <output> showing the current label
// and the current pane: only that pane is in the DOM. Nothing here needs a kernel, so the
// static book switches panes from its embedded widget state.

let counter = 0;

/** The position shown for `index`: an integer clamped to [0, count - 1]. */
export function clampIndex(index, count) {
  const i = Math.round(Number(index));
  if (!Number.isFinite(i) || count < 1) return 0;
  return Math.min(Math.max(i, 0), count - 1);
}

function element(tag, className, attributes = {}) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

/** The label, the range input and the readout, tied together by ids. */
function buildControls(id) {
  const controls = element("div", "ess-controls");
  const label = element("label", "ess-label", { for: `${id}-input` });
  const input = element("input", "ess-input", {
    type: "range", id: `${id}-input`, min: "0", step: "1",
  });
  // The input's aria-valuetext already speaks the label: the readout is not a live region.
  const output = element("output", "ess-readout", { for: `${id}-input`, "aria-live": "off" });
  controls.append(label, input, output);
  return { controls, label, input, output };
}

function render({ model, el }) {
  counter += 1;
  const id = `evalcore-ss-${counter}-${Math.random().toString(36).slice(2, 8)}`;
  el.classList.add("evalcore-slider-stack");
  const root = element("div", "ess", { role: "group" });
  // JupyterLab and Notebook 7 must leave the keys to the slider (their command-mode shortcuts
  // use the arrow keys): Lumino skips elements marked so, and guardKeys stops the keys first.
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  root.setAttribute("data-p-suppress-shortcuts", "true");
  const { controls, label, input, output } = buildControls(id);
  const pane = element("div", "ess-pane");
  root.append(controls, pane);
  el.append(root);

  let shown = null; // the index whose pane is in the DOM

  function update() {
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
  }

  function onInput() {
    const index = clampIndex(input.value, (model.get("panes") || []).length);
    if (index !== model.get("index")) {
      model.set("index", index);
      model.save_changes();
    }
    update();
  }

  // Jupyter handles its shortcuts in a capture listener on the document, before a key reaches
  // the slider, and Notebook 7 takes the arrow keys there even from elements marked
  // data-lm-suppress-shortcuts. A capture listener on the window runs first: a key aimed at
  // this slider goes no further, and its default action (moving the slider) still happens.
  function guardKeys(event) {
    if (event.target === input) event.stopPropagation();
  }

  input.addEventListener("input", onInput);
  input.addEventListener("change", onInput);
  window.addEventListener("keydown", guardKeys, true);
  const events = "change:index change:panes change:labels change:description change:size";
  model.on(events, update);
  update();
  return () => {
    model.off(events, update);
    input.removeEventListener("input", onInput);
    input.removeEventListener("change", onInput);
    window.removeEventListener("keydown", guardKeys, true);
  };
}

export default { render };
