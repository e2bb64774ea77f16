"""The form of every chapter, each rule a test parametrized over chapters/*.ipynb (the
introduction, chapters 1-26 and the errata appendix).

The chapters teach; the checks live in the tests. Every page

* shows in a solution (a ```python fence inside a ``:::{dropdown}``) exactly the code that ran,
  and every "Solution" dropdown shows its code;
* has no assert in any code cell (``np.testing.assert_*`` included), hidden or not;
* has at least two self-checks (``ec.self_check``), each showing only its widget;
* has a "Predict before you compute" exercise, and never sends the reader to a hidden cell;
* shows a picture before its first displayed formula;
* glues every name its prose cites.

(That every chapter reads in one sitting is measured on the built page: tests/book/test_course.py.)

Where a rule genuinely does not apply to a page, the page is in that rule's exception list
below, with the reason. The test then checks that the exception is still real (the page still
breaks the rule): a page that comes to follow a rule must leave the list and is held to it.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from conftest import ROOT
from notebook_cells import ASSERTION, FENCE, cells, glued_names, prose, source, tags

CHAPTERS = ROOT / "chapters"
PAGES = sorted(CHAPTERS.glob("*.ipynb"))
DROPDOWN = re.compile(r"^:::\{dropdown\}.*?^:::$", re.S | re.M)

# --- the exception lists ------------------------------------------------------------------------
#: Pages without exercises: no solutions, no self-checks, no predict-first exercise.
NO_EXERCISES = {
    "00_introduction": "the introduction sets the scene in one worked example",
    "a1_errata": "the appendix lists what does not hold in the sources",
}

#: The review page closing each part (course.yml): questions only, all self-checks. No
#: exercises, so no solutions and no predict-first exercise, and no picture.
REVIEWS = {path.stem: "a part's review: retrieval questions only"
           for path in PAGES if path.stem.startswith("review_")}

#: The fewest solutions (or "Checking the source" boxes) that show their code; 2 elsewhere, 0
#: on the pages without exercises.
MIN_SHOWN_CODE = {"01_confusion_matrix": 3, "02_rates": 3, "03_roc_curves": 4, "05_auc": 4,
                  "06_precision_recall": 4, "07_pr_areas": 3, "08_hard_classifiers": 4}

#: Everywhere else the code cell just before a dropdown runs the code it shows, then only glues
#: the values the prose prints. These chapters run a shown block in a hidden cell of its own
#: next to the dropdown (in the run of remove-cell code cells just before or just after it,
#: their glue in another cell), and that cell runs exactly the shown code, nothing more.
SOLUTION_IN_ITS_OWN_CELL = {
    "01_confusion_matrix": "each solution's cell comes before a glue cell, then the dropdown",
    "02_rates": "each solution's cell comes before a glue cell, then the dropdown",
    "03_roc_curves": "one markdown cell holds the three solutions, run by the three cells after "
                     "it; each 'Checking the source' box is run by the cells after it",
    "04_roc_space": "one markdown cell holds the two solutions, run by the two cells after it",
    "05_auc": "one markdown cell holds the four solutions, run by the four cells after it; a "
              "'Checking the source' box is run by the cell after it",
}

#: Pages whose solution cells may glue in a ``for`` loop (of glue calls only) after the code.
GLUE_IN_A_LOOP = {"09_end_to_end": "exercise 1 glues three numbers for each of its two fits "
                                    "in a loop"}

#: Pages with a "Solution" dropdown that answers in words, with no code to show.
SOLUTIONS_IN_WORDS = {
    "02_rates": "solution 3 is an algebraic argument",
    "07_pr_areas": "solution 2 reads the answer off the PR points",
    "09_end_to_end": "solution 2 is an algebraic argument",
    "10_multiclass": "solutions 1 and 3 are arguments, not computations",
}

#: Pages whose first displayed formula comes before any picture (or that have no picture).
PICTURE_NOT_FIRST = {
    "00_introduction": "no glued picture",
    "a1_errata": "no glued picture",
}

#: Pages that build some glued names in code (f-strings, loops), so the names the prose cites
#: cannot all be found as string literals in ``glue("...")`` calls; the stored outputs still
#: must hold every one.
NAMES_BUILT_IN_CODE = {
    "01_confusion_matrix": "exercises 1 and 3 glue under f-string names in loops",
    "02_rates": "the rates and the best thresholds are glued under f-string names in loops",
    "09_end_to_end": "the tuning table's and exercise 1's numbers are glued under f-string names",
    "10_multiclass": "the pairwise AUCs are glued under f-string names",
    "11_uncertainty": "the logistic regression's intervals are glued under f-string names",
    "12_tests_and_sample_size": "the boundary simulation's coverages are glued under f-string "
                                "names",
}


def page_id(path: Path) -> str:
    return path.stem


def test_every_chapter_is_checked_and_every_exception_names_a_chapter():
    stems = {p.stem for p in PAGES}
    assert {f"{k:02d}" for k in range(27)} <= {s[:2] for s in stems} and "a1_errata" in stems
    assert len(REVIEWS) == 7, sorted(REVIEWS)
    for exceptions in (NO_EXERCISES, MIN_SHOWN_CODE, SOLUTION_IN_ITS_OWN_CELL, GLUE_IN_A_LOOP,
                       SOLUTIONS_IN_WORDS, PICTURE_NOT_FIRST, NAMES_BUILT_IN_CODE):
        assert set(exceptions) <= stems, set(exceptions) - stems


# --- the code a solution shows is the code that ran --------------------------------------------
def is_glue(statement: ast.stmt) -> bool:
    return (isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call)
            and getattr(statement.value.func, "id", None) == "glue")


def glue_only(code: str, loops: bool) -> bool:
    """Every top-level statement is a glue(...) call (or, if ``loops``, a for loop whose body
    is glue(...) calls only)."""
    return all(is_glue(s) or (loops and isinstance(s, ast.For) and not s.orelse
                              and all(is_glue(b) for b in s.body))
               for s in ast.parse(code).body)


def has_glue_loop(code: str) -> bool:
    return any(isinstance(s, ast.For) for s in ast.parse(code).body)


def hidden_code_cells_next_to(nb: list[dict], k: int) -> list[dict]:
    """The remove-cell code cells just before cell k and just after it (each run up to the
    first other cell)."""
    out = []
    for step in (-1, 1):
        j = k + step
        while 0 <= j < len(nb) and nb[j]["cell_type"] == "code" and "remove-cell" in tags(nb[j]):
            out.append(nb[j])
            j += step
    return out


@pytest.mark.parametrize("path", PAGES, ids=page_id)
def test_the_code_a_solution_shows_is_the_code_that_ran(path):
    nb, page = cells(path), path.stem
    shown = looped = 0
    for k, cell in enumerate(nb):
        if cell["cell_type"] != "markdown":
            continue
        for block in DROPDOWN.findall(source(cell)):
            for fenced in FENCE.findall(block):
                code = fenced.rstrip("\n")
                shown += 1
                if page in SOLUTION_IN_ITS_OWN_CELL:
                    ran = [source(c).strip("\n") for c in hidden_code_cells_next_to(nb, k)]
                    assert code.strip("\n") in ran, (
                        f"cell {k} shows code that no hidden cell next to it runs:\n{code}")
                    continue
                before = nb[k - 1]
                assert before["cell_type"] == "code" and "remove-cell" in tags(before), (
                    f"cell {k - 1} should be the hidden cell that runs the code cell {k} shows")
                text = source(before)
                assert text == code or text.startswith(code + "\n"), (
                    f"cell {k} shows code cell {k - 1} did not run:\n{code}")
                rest = text[len(code):]
                assert glue_only(rest, loops=page in GLUE_IN_A_LOOP), (
                    f"cell {k - 1} does more than the code cell {k} shows:\n{rest}")
                looped += has_glue_loop(rest)
    minimum = 0 if page in NO_EXERCISES or page in REVIEWS else MIN_SHOWN_CODE.get(page, 2)
    assert shown >= minimum, f"{shown} solutions show their code, fewer than {minimum}"
    if page in GLUE_IN_A_LOOP:
        assert looped, "no solution cell glues in a loop: take the page off GLUE_IN_A_LOOP"


@pytest.mark.parametrize("path", PAGES, ids=page_id)
def test_every_solution_shows_its_code(path):
    solutions = [block for cell in cells(path) if cell["cell_type"] == "markdown"
                 for block in DROPDOWN.findall(source(cell))
                 if block.startswith(":::{dropdown} Solution")]
    in_words = [block.splitlines()[0] for block in solutions if not FENCE.search(block)]
    if path.stem in SOLUTIONS_IN_WORDS:
        assert in_words, "every solution shows code now: take the page off SOLUTIONS_IN_WORDS"
    else:
        assert not in_words, f"solutions that show no code: {in_words}"


# --- no assert, self-checks, a predict-first exercise ------------------------------------------
@pytest.mark.parametrize("path", PAGES, ids=page_id)
def test_no_code_cell_asserts(path):
    for cell in cells(path):
        if cell["cell_type"] == "code":
            hits = [line for line in source(cell).splitlines() if ASSERTION.match(line)]
            assert not hits, (cell.get("id"), hits)


@pytest.mark.parametrize("path", PAGES, ids=page_id)
def test_at_least_two_self_checks_each_showing_only_its_widget(path):
    checks = [c for c in cells(path) if c["cell_type"] == "code" and "ec.self_check(" in source(c)]
    assert all("remove-input" in tags(c) for c in checks), [c.get("id") for c in checks]
    if path.stem in NO_EXERCISES:
        assert not checks, "the page has self-checks now: take it off NO_EXERCISES"
    else:
        assert len(checks) >= 2


@pytest.mark.parametrize("path", PAGES, ids=page_id)
def test_a_predict_first_exercise_and_no_hidden_cell_to_look_in(path):
    text = prose(path)
    assert "hidden cell" not in text.lower()
    if path.stem in NO_EXERCISES or path.stem in REVIEWS:
        assert "Predict before you compute" not in text, (
            "the page has a predict-first exercise now: take it off NO_EXERCISES")
    else:
        assert "Predict before you compute" in text


# --- a picture first, every cited value glued -----------------------------------------------
@pytest.mark.parametrize("path", PAGES, ids=page_id)
def test_a_picture_before_the_first_displayed_formula(path):
    text = prose(path)
    first_figure, first_formula = text.find("{glue:figure}"), text.find("$$")
    picture_first = 0 <= first_figure and (first_formula < 0 or first_figure < first_formula)
    if path.stem in REVIEWS:
        assert first_figure < 0 and first_formula < 0, "a review page asks, it does not show"
    elif path.stem in PICTURE_NOT_FIRST:
        assert not picture_first, "a picture comes first now: take the page off PICTURE_NOT_FIRST"
    else:
        assert picture_first, (first_figure, first_formula)


GLUE_REFERENCE = re.compile(r"\{glue(?::\w+)?\}`?\s*([\w-]+)")
LITERAL_GLUE = re.compile(r'\bglue\("([^"]+)"')
COMPUTED_GLUE = re.compile(r'\bglue\((?!")')


@pytest.mark.parametrize("path", PAGES, ids=page_id)
def test_every_glued_name_the_prose_cites_is_glued(path):
    nb = cells(path)
    cited = {name for c in nb if c["cell_type"] == "markdown"
             for name in GLUE_REFERENCE.findall(source(c))}
    code = [source(c) for c in nb if c["cell_type"] == "code"]
    assert cited <= glued_names(path), sorted(cited - glued_names(path))   # in the stored outputs
    literal = {name for text in code for name in LITERAL_GLUE.findall(text)}
    if path.stem in NAMES_BUILT_IN_CODE:
        assert any(COMPUTED_GLUE.search(text) for text in code), (
            "every glue call names its value literally now: take the page off "
            "NAMES_BUILT_IN_CODE")
    else:
        assert cited <= literal, sorted(cited - literal)                    # and in the code
