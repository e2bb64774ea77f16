// The confusion matrix both explorers show: a real table, truth in rows, predictions in columns.

import { el, setText } from "./dom.js";

const CELL_NAMES = { tp: "true positives", fn: "false negatives", fp: "false positives",
                     tn: "true negatives" };

/** The table, in classes named `<prefix>-...`; `show(counts, where)` writes the four counts
 *  and, for screen readers, where they are computed. */
export function buildMatrix(prefix) {
  const table = el("table", { class: `evalcore-cm ${prefix}-cm` });
  const caption = el("caption", {}, "Confusion matrix");
  const where = el("span", { class: `${prefix}-sr` }); // for screen readers
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
      td.append(el("abbr", { class: `${prefix}-abbr`, title: CELL_NAMES[name] },
                   name.toUpperCase()), " ", value);
      cells[name] = value;
      row.append(td);
    }
    body.append(row);
  }
  table.append(caption, head, body);
  const show = (counts, whereText) => {
    for (const name of ["tp", "fn", "fp", "tn"]) setText(cells[name], String(counts[name]));
    setText(where, whereText);
  };
  return { node: table, show };
}
