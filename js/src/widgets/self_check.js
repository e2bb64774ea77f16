// The self-check's front end (an anywidget module; see evalcore/_self_check.py). Bundled by
// esbuild with the shared modules of js/src into evalcore/_self_check.js.
//
// A multiple-choice question is a fieldset of radio buttons: picking one shows its explanation
// at once. A number question is a small form (a text field, "Check", "Show answer"): a number
// within the tolerance is right; a known mistake gets its own explanation; a number outside
// the possible range gets the reason it is impossible; anything else gets the hint. The
// verdict is written in words, once ("Right:", "Not quite:", "Impossible:"), and not only in
// colour, into a polite live region; an explanation's own opening verdict ("Right:", "No:")
// is left out so that it is not said twice. A "Reread" link may follow every feedback.
// Nothing here needs a kernel: the static book, JupyterLab and the slides all run it from the
// widget's state.
//
// evalcore/_self_check.py mirrors every exported rule here (close_enough, parse_answer,
// strip_verdict, judge_number, judge_choice, is_relative_href); tests/test_self_check.py runs
// both on the same cases.

import "./self_check.css";
import { el } from "../dom.js";
import { guardKeys } from "../keys.js";
import { suppressShortcuts, uniqueId } from "../widget.js";

/** The same rule as evalcore._self_check.close_enough: |value - target| <= tolerance, with
 *  room for the rounding of the subtraction (0.475 - 0.47 is not exactly 0.005). */
export function closeEnough(value, target, tolerance) {
  return Math.abs(value - target) <= tolerance * (1 + 1e-9) + 1e-12;
}

// The white space a typed answer may hold, spelled out (and not \s or trim()) so that Python's
// mirror reads exactly the same characters as white space.
const SPACE = "\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f"
  + "\\u3000\\ufeff";
const SPACES = new RegExp(`[${SPACE}]+`, "g");

/** A typed answer as a number: "0.47", "0,47", ".47", "-1e-3", "47%" (0.47), "47,5%",
 *  "3/4" (0.75), with white space anywhere and "−" for a minus; NaN for anything else. */
export function parseAnswer(text) {
  let t = String(text).replace(/\u2212/g, "-").replace(SPACES, "");
  if (!t) return NaN;
  let scale = 1;
  if (t.endsWith("%")) { scale = 0.01; t = t.slice(0, -1); }
  if (/^[-+]?[0-9]+,[0-9]+$/.test(t)) t = t.replace(",", ".");   // a decimal comma: "0,47", "95,8%"
  const number = /^[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)(e[-+]?[0-9]+)?$/i;
  const fraction = t.match(/^([-+]?[0-9]+)\/([0-9]+)$/);
  let value = NaN;
  if (fraction) {
    const den = Number(fraction[2]);
    value = den === 0 ? NaN : Number(fraction[1]) / den;
  } else if (number.test(t)) {
    value = Number(t);
  }
  return Number.isFinite(value) ? value * scale : NaN;
}

// An explanation that opens with its own verdict: "Right:", "No:", "Not quite.", "Wrong!" ...
const OWN_VERDICT = new RegExp(
  `^[${SPACE}]*(?:right|correct|yes|not quite|no|wrong|incorrect)[${SPACE}]*[:.!](?:[${SPACE}]+|$)`,
  "i");

/** `text` without an opening verdict of its own ("Right: the ..." -> "the ..."): the widget
 *  says the verdict itself, once. Any other text is returned as it is. */
export function stripVerdict(text) {
  return String(text ?? "").replace(OWN_VERDICT, "").trim();
}

/** A judgement: its verdict, the words that say it (`lead`) and what follows (`text`). */
function judged(verdict, lead, text) {
  const rest = stripVerdict(text);
  // "Right." alone when the explanation was nothing but its own verdict
  const said = rest ? lead : lead.replace(/:$/, ".");
  return { verdict, lead: said, text: rest };
}

/** The feedback as one line of text, as the reader sees it. */
export function feedbackText({ lead, text }) {
  return [lead, text].filter(Boolean).join(" ");
}

/** Whether `value` lies outside the possible range (null or absent: none, or that end open). */
function impossible(value, possible) {
  if (!possible) return false;
  const { low, high } = possible;
  return (low !== null && low !== undefined && value < low)
    || (high !== null && high !== undefined && value > high);
}

/** The verdict on a typed answer: {verdict: "right" | "wrong" | "impossible" | "invalid",
 *  lead, text}. Right first, then a known mistake, then an impossible value, then the hint. */
export function judgeNumber(typed, state) {
  const value = parseAnswer(typed);
  if (Number.isNaN(value)) {
    return { verdict: "invalid", lead: "", text: "Type a number, for example 0.25, 25% or 1/4." };
  }
  if (closeEnough(value, state.answer, state.tolerance)) {
    return judged("right", "Right:", state.explain);
  }
  for (const [wrong, why] of state.mistakes || []) {
    if (closeEnough(value, Number(wrong), state.tolerance)) {
      return judged("wrong", "Not quite:", why);
    }
  }
  if (impossible(value, state.possible)) {
    return judged("impossible", "Impossible:", state.possible.why);
  }
  return judged("wrong", "Not quite:", state.hint);
}

/** The verdict on a picked choice. */
export function judgeChoice(index, state) {
  const right = index === state.answer_index;
  return judged(right ? "right" : "wrong", right ? "Right:" : "Not quite:",
                (state.explanations || [])[index]);
}

/** What "Show answer" shows. */
export function shownAnswer(state) {
  return judged("shown", `The answer is ${state.answer_label}.`, state.explain);
}

/** Whether `href` is a relative URL that stays on this machine: no scheme ("https:",
 *  "javascript:"), no "//" start, and no white space, control character or backslash (a
 *  browser drops or turns them into "/", which could make either). The Python side refuses
 *  anything else; the view checks again and shows a refused link as plain text. */
export function isRelativeHref(href) {
  if (typeof href !== "string" || !href) return false;
  if (/[\u0000-\u0020\u007f-\u009f\\]/.test(href) || new RegExp(`[${SPACE}]`).test(href)) {
    return false;
  }
  return !/^[a-z][a-z0-9+.-]*:/i.test(href) && !href.startsWith("//");
}

function stateOf(model) {
  const names = ["kind", "question", "choices", "explanations", "answer_index", "answer",
    "tolerance", "answer_label", "hint", "explain", "mistakes", "possible", "reread"];
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
      const verdict = judgeChoice(index, state);
      label.dataset.verdict = verdict.verdict;
      show(verdict);
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
  reveal.addEventListener("click", () => show(shownAnswer(state)));
  return form;
}

/** "Reread: <a>link text</a>", hidden until there is feedback; null without a link. Built
 *  from nodes, so the link text is text whatever it holds. */
function buildReread(reread) {
  if (!reread || !reread.text) return null;
  const line = el("p", { class: "sc-reread", hidden: "" }, "Reread: ");
  line.append(isRelativeHref(reread.href) ? el("a", { href: reread.href }, reread.text)
    : el("span", {}, reread.text));
  return line;
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
  const reread = buildReread(state.reread);
  const show = ({ verdict, lead, text }) => {
    root.dataset.verdict = verdict;
    feedback.dataset.verdict = verdict;
    const parts = [];
    if (lead) parts.push(el("strong", { class: "sc-verdict" }, lead));
    if (lead && text) parts.push(" ");
    if (text) parts.push(text);
    feedback.replaceChildren(...parts);
    if (reread) reread.hidden = verdict === "invalid";
  };
  root.append(el("p", { class: "sc-kicker" }, "Self-check"),
              el("p", { class: "sc-question", id: `${id}-q` }, state.question),
              state.kind === "choice" ? buildChoices(id, state, show)
                : buildNumberForm(id, state, show),
              feedback);
  if (reread) root.append(reread);
  host.append(root);
  // arrow keys between radio buttons, digits and Enter in the text field stay with the control
  return guardKeys((target) => target instanceof Element && root.contains(target) &&
                               target.matches("input, button"));
}

export default { render };
