"""The chapters' file names before the fourth edition, and the redirect pages that keep them working.

The fourth edition numbered every chapter once: the ``NN_`` of a file name is the number the
sidebar, the title, the lecture notebook and the deck show. Links and bookmarks to the third
edition's pages still arrive at the old names, so the build leaves a small page at each old
name that sends the reader on to the chapter that now holds it:

* as a Sphinx extension (``_config.yml`` loads this module), after the HTML build, a page at
  ``chapters/<old>.html`` for every old name the book no longer has;
* ``tools/slides.py`` calls :func:`write_redirect` for the old deck names in ``slides/``.

A chapter that was split has several successors. The redirect page carries a table from each
section anchor of a later successor to that successor (read from the built documents), so
``09_uncertainty.html#how-many-cases-do-i-need`` lands on the section in its new chapter; an
old name that is still a chapter of the book (``03_roc_curves``, whose second half moved) gets
the same table as a small script in its own page, used only when the address's anchor is not
on the page.

Run as a script, it prints the table of old and new names.
"""

from __future__ import annotations

import html
import json
from pathlib import Path

#: Third-edition name -> the chapters that hold its content now, the first the main one.
OLD_NAMES: dict[str, tuple[str, ...]] = {
    "03_roc_curves": ("03_roc_curves", "04_roc_space"),
    "04_auc": ("05_auc",),
    "05_precision_recall": ("06_precision_recall",),
    "05b_pr_areas": ("07_pr_areas",),
    "06_hard_classifiers": ("08_hard_classifiers",),
    "07_end_to_end": ("09_end_to_end",),
    "08_multiclass": ("10_multiclass",),
    "09_uncertainty": ("11_uncertainty", "12_tests_and_sample_size"),
    "09b_comparing_classifiers": ("13_comparing_classifiers",),
    "10_costs": ("15_costs",),
    "11_hull_cost_curves": ("16_hull_cost_curves",),
    "12_partial_auc_thresholds": ("17_partial_auc_thresholds",),
    "13_pr_done_right": ("18_pr_done_right",),
    "14_calibration": ("19_calibration",),
    "14b_calibration_measured": ("20_calibration_measured",),
    "15_evaluation_protocol": ("14_evaluation_protocol",),
    "16_at_scale": ("26_at_scale",),
    "17_prevalence_shift": ("21_prevalence_shift",),
    "18_capacity": ("22_capacity",),
    "19_decision_curves": ("23_decision_curves",),
    "20_guaranteed_threshold": ("24_guaranteed_threshold",),
    "21_subgroups": ("25_subgroups",),
}

#: Chooses the page for the address's anchor: the table's entry, or the main successor.
_HASH_SCRIPT = """(function () {{
  var moved = {table};
  var id = decodeURIComponent(window.location.hash.slice(1));
  var page = Object.prototype.hasOwnProperty.call(moved, id) ? moved[id] : {main};
  window.location.replace(page + window.location.hash);
}})();"""

#: On a page that kept its name: only an anchor that is no longer on the page moves on.
_MOVED_SCRIPT = """(function () {{
  var moved = {table};
  var id = decodeURIComponent(window.location.hash.slice(1));
  if (id && !document.getElementById(id)
      && Object.prototype.hasOwnProperty.call(moved, id)) {{
    window.location.replace(moved[id] + window.location.hash);
  }}
}})();"""


def redirect_page(main: str, title: str, moved: dict[str, str] | None = None) -> str:
    """The HTML of a page that sends its reader to ``main`` (a relative URL).

    ``moved`` maps a section anchor to the URL of the page that now holds it. Without
    JavaScript, the refresh goes to ``main`` and the page shows a link to it.
    """
    script = _HASH_SCRIPT.format(table=json.dumps(moved or {}, sort_keys=True),
                                 main=json.dumps(main))
    link = html.escape(main, quote=True)
    name = html.escape(title)
    return (
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        f"<title>Moved: {name}</title>\n"
        "<meta name=\"robots\" content=\"noindex\">\n"
        f"<link rel=\"canonical\" href=\"{link}\">\n"
        f"<meta http-equiv=\"refresh\" content=\"0; url={link}\">\n"
        f"<script>{script}</script>\n</head>\n<body>\n"
        f"<main><p>This page has moved: <a href=\"{link}\">{name}</a>.</p></main>\n"
        "</body>\n</html>\n")


def write_redirect(path: Path, main: str, title: str, moved: dict[str, str] | None = None) -> None:
    """Write :func:`redirect_page` to ``path`` (whole, through a temporary file)."""
    path = Path(path)
    partial = path.with_name(path.name + ".partial")
    partial.write_text(redirect_page(main, title, moved), encoding="utf-8")
    partial.replace(path)


# --- the Sphinx extension -----------------------------------------------------------------------

def _anchors(env, docname: str) -> set[str]:
    """Every id a reader's link can point at in one built document."""
    doctree = env.get_doctree(docname)
    return {node_id for node in doctree.findall() if hasattr(node, "get")
            for node_id in node.get("ids", [])}


def _moved_anchors(env, successors: tuple[str, ...], folder: str) -> dict[str, str]:
    """Anchor -> page of the successors after the first (the first is where the rest go)."""
    main = _anchors(env, f"{folder}/{successors[0]}")
    table = {}
    for successor in successors[1:]:
        for anchor in sorted(_anchors(env, f"{folder}/{successor}") - main):
            table.setdefault(anchor, f"{successor}.html")
    return table


def _check(app, env) -> None:
    """Every successor is a page of the book; an old name still in the book is its own first."""
    for old, successors in OLD_NAMES.items():
        for successor in successors:
            if f"chapters/{successor}" not in env.found_docs:
                raise ValueError(f"tools/old_names.py: {old} -> {successor}, which is not "
                                 "a page of the book")
        if f"chapters/{old}" in env.found_docs and successors[0] != old:
            raise ValueError(f"tools/old_names.py: {old} is a page of the book, so it must "
                             f"be its own first successor, not {successors[0]}")


def _page_script(app, pagename, templatename, context, doctree) -> None:
    """The moved-anchor script on a page that kept its old name while part of it moved."""
    folder, _, name = pagename.rpartition("/")
    successors = OLD_NAMES.get(name)
    if folder == "chapters" and successors and successors[0] == name and len(successors) > 1:
        table = _moved_anchors(app.env, successors, folder)
        app.add_js_file(None, body=_MOVED_SCRIPT.format(
            table=json.dumps(table, sort_keys=True)))


def _write_pages(app, exception) -> None:
    if exception is not None or app.builder.name != "html":
        return
    out = Path(app.outdir) / "chapters"
    for old, successors in OLD_NAMES.items():
        if f"chapters/{old}" in app.env.found_docs:
            continue
        title = app.env.titles[f"chapters/{successors[0]}"].astext()
        write_redirect(out / f"{old}.html", f"{successors[0]}.html", title,
                       _moved_anchors(app.env, successors, "chapters"))


def setup(app):
    app.connect("env-check-consistency", _check)
    app.connect("html-page-context", _page_script)
    app.connect("build-finished", _write_pages)
    return {"parallel_read_safe": True, "parallel_write_safe": True}


if __name__ == "__main__":
    for old_name, new_names in OLD_NAMES.items():
        print(f"{old_name:28s} -> {', '.join(new_names)}")
