// The self-check's front end (an anywidget module; see evalcore/_self_check.py). Bundled by
// esbuild with the shared modules of js/src into evalcore/_self_check.js.
//
// A multiple-choice question is a fieldset of radio buttons: picking one shows its explanation
// at once. A number question is a small form (a text field, "Check", "Show answer"): a number
// within the tolerance is right; a known mistake gets its own explanation; anything else gets
// the hint. The verdict is written in words ("Right." / "Not quite.") and not only in colour,
// into a polite live region. Nothing here needs a kernel: the static book, JupyterLab and the
// slides all run it from the widget's state.

import "./self_check.css";
import { el } from "../dom.js";
import { guardKeys } from "../keys.js";
import { suppressShortcuts, uniqueId } from "../widget.js";

/** The same rule as evalcore._self_check.close_enough: |value - target| <= tolerance, with
 *  room for the rounding of the subtraction (0.475 - 0.47 is not exactly 0.005). */
export function closeEnough(value, target, tolerance) {
  return Math.abs(value - target) <= tolerance * (1 + 1e-9) + 1e-12;
}

/** A typed answer as a number: "0.47", "0,47", ".47", "-1e-3", "47%" (0.47), "3/4" (0.75);
 *  NaN for anything else. */
export function parseAnswer(text) {
  let t = String(text).trim().replace(/\u2212/g, "-").replace(/\s+/g, "");
  if (!t) return NaN;
  if (/^[-+]?\d+,\d+$/.test(t)) t = t.replace(",", ".");
  let scale = 1;
  if (t.endsWith("%")) { scale = 0.01; t = t.slice(0, -1); }
  const number = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;
  const fraction = t.match(/^([-+]?\d+)\/(\d+)$/);
  let value = NaN;
  if (fraction) {
    const den = Number(fraction[2]);
    value = den === 0 ? NaN : Number(fraction[1]) / den;
  } else if (number.test(t)) {
    value = Number(t);
  }
  return Number.isFinite(value) ? value * scale : NaN;
}

/** The verdict on a typed answer: {verdict: "right" | "wrong" | "invalid", text}. */
export function judgeNumber(text, state) {
  const value = parseAnswer(text);
  if (Number.isNaN(value)) {
    return { verdict: "invalid", text: "Type a number, for example 0.25, 25% or 1/4." };
  }
  if (closeEnough(value, state.answer, state.tolerance)) {
    return { verdict: "right", text: `Right. ${state.explain}`.trim() };
  }
  for (const [wrong, why] of state.mistakes || []) {
    if (closeEnough(value, Number(wrong), state.tolerance)) {
      return { verdict: "wrong", text: `Not quite. ${why}`.trim() };
    }
  }
  return { verdict: "wrong", text: `Not quite. ${state.hint}`.trim() };
}

/** The verdict on a picked choice. */
export function judgeChoice(index, state) {
  const right = index === state.answer_index;
  const why = (state.explanations || [])[index] || "";
  return { verdict: right ? "right" : "wrong", text: `${right ? "Right." : "Not quite."} ${why}`.trim() };
}

function stateOf(model) {
  const names = ["kind", "question", "choices", "explanations", "answer_index", "answer",
    "tolerance", "answer_label", "hint", "explain", "mistakes"];
  return Object.fromEntries(names.map((name) => [name, model.get(name)]));
}

/** The radio buttons of a multiple-choice question; picking one shows its verdict. */
function buildChoices(id, state, show) {
  const fieldset = el("fieldset", { class: "sc-choices", "aria-labelledby": `${id}-q` });
  state.choices.forEach((text, index) => {
    const label = el("label", { class: "sc-choice" });
    const radio = el("input", { type: "radio", name: `${id}-choice`, value: String(index) });
    label.append(radio, el("span", {}, text));
    radio.addEventListener("change", () => {
      for (const other of fieldset.querySelectorAll(".sc-choice")) delete other.dataset.verdict;
      const judged = judgeChoice(index, state);
      label.dataset.verdict = judged.verdict;
      show(judged);
    });
    fieldset.append(label);
  });
  return fieldset;
}

/** The form of a number question: a text field, "Check" and "Show answer". */
function buildNumberForm(id, state, show) {
  const form = el("form", { class: "sc-form" });
  const label = el("label", { class: "sc-label", for: `${id}-input` }, "Your answer");
  const input = el("input", { class: "sc-input", type: "text", id: `${id}-input`,
                              inputmode: "decimal", autocomplete: "off", spellcheck: "false",
                              "aria-describedby": `${id}-q` });
  const check = el("button", { class: "sc-button", type: "submit" }, "Check");
  const reveal = el("button", { class: "sc-button sc-reveal", type: "button" }, "Show answer");
  form.append(label, input, check, reveal);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    show(judgeNumber(input.value, state));
  });
  reveal.addEventListener("click", () => {
    show({ verdict: "shown", text: `The answer is ${state.answer_label}. ${state.explain}`.trim() });
  });
  return form;
}

function render({ model, el: host }) {
  const id = uniqueId("sc");
  const state = stateOf(model);
  host.classList.add("evalcore-self-check");
  const root = el("div", { class: "self-check", role: "group", "aria-labelledby": `${id}-q` });
  root.classList.toggle("sc-large", model.get("size") === "large");
  // Jupyter's command-mode shortcuts and reveal.js's slide keys must leave these keys alone.
  suppressShortcuts(root);
  const feedback = el("p", { class: "sc-feedback", role: "status", "aria-live": "polite" });
  const show = ({ verdict, text }) => {
    root.dataset.verdict = verdict;
    feedback.dataset.verdict = verdict;
    feedback.textContent = text;
  };
  root.append(el("p", { class: "sc-kicker" }, "Self-check"),
              el("p", { class: "sc-question", id: `${id}-q` }, state.question),
              state.kind === "choice" ? buildChoices(id, state, show)
                : buildNumberForm(id, state, show),
              feedback);
  host.append(root);
  // arrow keys between radio buttons, digits and Enter in the text field stay with the control
  return guardKeys((target) => target instanceof Element && root.contains(target) &&
                               target.matches("input, button"));
}

export default { render };
