"""Helpers several test files share (import them, don't copy them).

The oracles (the sources' code transcribed, searches over every threshold) are in
``reference.py``, the Hypothesis strategies in ``strategies.py`` and the fixtures in
``conftest.py``. This module holds the rest, by section:

* warnings caught: ``said``, ``one_warning``, ``no_warnings`` and ``count_undefined``;
* ``cm_from``: a confusion matrix from its four counts;
* the differential tests' random cases (``draw_case``, ``draw_predictions``, ``recode``),
  scikit-learn's metrics with its own floating-point warnings off (``metrics``), and the
  comparison ``close``;
* data drawn from known distributions (``binormal``, ``subgroup_data``, ``correlated_scores``
  for k classifiers), scipy's two-sample bootstrap of the AUC (``scipy_stratified``) and a
  metric numpy leaves undefined (``mean_gap``);
* the command line's files (``scored_frame``, ``write_parts``) and a run of it (``run_auc``),
  shared by tests/scale/ and tests/test_dask_evaluation.py;
* ``drawn``: what an Axes shows, as data;
* the widgets' cases, shared by their Python tests (``tests/widgets/``) and their browser
  tests (``tests/book/``).
"""

from __future__ import annotations

import math
import os
import warnings
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

import numpy as np
import pandas as pd
from scipy import stats
from sklearn import metrics as sklearn_metrics

import evalcore as ec
from evalcore.scale import cli
from reference import pair_auc


# --------------------------------------------------------------------------- warnings caught

def said(call):
    """Run ``call``; return its result and the warnings it emitted, by category name."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = call()
    return result, [w.category.__name__ for w in caught]


def one_warning(function):
    """Call ``function``; return its value and the warnings it emitted."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        value = function()
    return value, caught


def no_warnings(function, *args, **kwargs):
    """Call ``function``; assert it emitted no warning; return its result."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = function(*args, **kwargs)
    assert not caught, [str(c.message) for c in caught]
    return result


def count_undefined(function, *args, **kwargs):
    """Call ``function``; return its result and how many UndefinedMetricWarnings it emitted."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = function(*args, **kwargs)
    return result, sum(issubclass(c.category, ec.UndefinedMetricWarning) for c in caught)


# --------------------------------------------------------------------------- counts

def cm_from(tp, fp, fn, tn):
    """The confusion matrix of the four counts."""
    return ec.ConfusionMatrix.from_counts(tp=tp, fp=fp, fn=fn, tn=tn)


# ---------------------------------------------------------- the differential tests' cases

class _QuietSklearn:
    """sklearn.metrics with numpy's floating-point warnings off: its own input check sums
    the scores, which overflows for the ±1.7e308 cases (pyproject turns RuntimeWarning into
    an error, and that check must stay on for evalcore's code). Its remark on a one-class
    sample ("A single label was found") is left out too: the tests compare its value."""

    def __getattr__(self, name):
        function = getattr(sklearn_metrics, name)

        def quiet(*args, **kwargs):
            with np.errstate(all="ignore"), warnings.catch_warnings():
                warnings.filterwarnings("ignore", "A single label was found", UserWarning)
                return function(*args, **kwargs)

        return quiet


metrics = _QuietSklearn()

#: Each differential test draws CASES cases from its own seeded generator: ties, constant
#: scores, tiny inputs (n = 1..3), weights with zeros, negative and huge scores, -0.0 next to
#: 0.0, and labels coded {0, 1}, {-1, 1}, booleans or strings. Raise it for a long hunt.
CASES = int(os.environ.get("EVALCORE_ORACLE_CASES", "200"))
RTOL = 1e-12
ATOL = 1e-12

SCORE_KINDS = ("uniform", "rounded", "constant", "huge", "signed_zero", "extreme", "integers",
               "unit_span_two", "all_negative")


def draw_scores(rng, n, kind):
    if kind == "uniform":
        return rng.random(n)
    if kind == "rounded":                  # many ties, all in [0, 1]
        return np.round(rng.random(n), 1)
    if kind == "constant":
        return np.full(n, rng.choice([0.0, 0.5, -3.0, 1e9]))
    if kind == "huge":                      # negative and huge, spans far beyond 2
        return rng.normal(0, 1e6, n)
    if kind == "signed_zero":               # -0.0 and 0.0 must tie
        return rng.choice(np.array([-0.0, 0.0, 1.0, -1.0, 0.5]), n)
    if kind == "extreme":                   # near the ends of float64, and subnormals
        return rng.choice(np.array([-1e300, -1.5, -1e-300, -0.0, 0.0, 5e-324, 1e-300, 2.0,
                                    1.7e308, -1.7e308]), n)
    if kind == "integers":
        return rng.integers(-3, 4, n).astype(float)
    if kind == "unit_span_two":             # non-negative, span exactly 2
        return rng.choice(np.array([0.0, 0.25, 1.0, 2.0]), n)
    if kind == "all_negative":              # one sign, negative (with ties)
        return -np.round(rng.random(n) * 1e3, int(rng.integers(0, 3))) - 1e-9
    raise AssertionError(kind)


def draw_case(rng, *, weighted=None, kinds=SCORE_KINDS, min_n=1):
    """(y01, s, w): labels 0/1, scores, weights or None."""
    n = int(rng.integers(min_n, 4)) if rng.random() < 0.3 else int(rng.integers(max(min_n, 4), 60))
    y = (rng.random(n) < rng.uniform(0.1, 0.9)).astype(np.int64)
    s = draw_scores(rng, n, kinds[int(rng.integers(len(kinds)))])
    if weighted is None:
        weighted = rng.random() < 0.5
    w = None
    if weighted:
        w = rng.random(n) if rng.random() < 0.5 else rng.integers(0, 4, n).astype(float)
        w[rng.random(n) < 0.2] = 0.0
        if not np.any(w > 0):
            w[int(rng.integers(n))] = 1.0
    return y, s, w


def both_classes(y, w):
    """Both classes carry nonzero weight."""
    w = np.ones(len(y)) if w is None else w
    return w[y == 1].sum() > 0 and w[y == 0].sum() > 0


def recode(rng, y):
    """The same labels in another coding, with the pos_label evalcore and sklearn need."""
    coding = int(rng.integers(4))
    if coding == 0:
        return y, None, 1
    if coding == 1:
        return np.where(y == 1, 1, -1), None, 1
    if coding == 2:
        return y.astype(bool), None, True
    return np.where(y == 1, "pos", "neg"), "pos", "pos"


def close(a, b):
    """Equal to 1e-12, relative and absolute."""
    np.testing.assert_allclose(a, b, rtol=RTOL, atol=ATOL)


def draw_predictions(rng):
    y, s, w = draw_case(rng)
    mode = rng.random()
    if mode < 0.15:
        y_pred = np.zeros_like(y)           # nothing called positive
    elif mode < 0.3:
        y_pred = np.ones_like(y)            # everything called positive
    else:
        y_pred = ec.predict(s, float(rng.choice(s)), rule=">" if rng.random() < 0.5 else ">=")
    return y, y_pred.astype(np.int64), w


# --------------------------------------------------------------------------- distributions

def binormal(rng, m, n, separation=1.0, *, shuffle=False, decimals=None):
    """m positives ~ N(separation, 1), n negatives ~ N(0, 1), drawn from ``rng``; true AUC
    Φ(separation/√2). ``shuffle`` mixes the classes' order, ``decimals`` rounds the scores
    (ties)."""
    y = np.r_[np.ones(m, dtype=int), np.zeros(n, dtype=int)]
    s = np.r_[rng.normal(separation, 1.0, m), rng.normal(0.0, 1.0, n)]
    if shuffle:
        rng.shuffle(idx := np.arange(m + n))
        y, s = y[idx], s[idx]
    return y, (np.round(s, decimals) if decimals is not None else s)


def subgroup_data(seed: int = 0, n: int = 600):
    """Three groups of different sizes and base rates, scores shifted by the class."""
    rng = np.random.default_rng(seed)
    groups = rng.choice(np.array(["x", "y", "z"]), size=n, p=[0.6, 0.3, 0.1])
    base = {"x": 0.2, "y": 0.4, "z": 0.1}
    y = (rng.uniform(size=n) < np.vectorize(base.get)(groups)).astype(int)
    s = np.round(rng.normal(1.2 * y, 1.0), 2)
    return y, s, groups


def correlated_scores(n, k, rng, *, shifts=None, ties=False):
    """n cases (half positive, at least two of each class) and k classifiers reading one
    binormal signal through independent noise; classifier j's positives are shifted by
    ``shifts[j]`` more. With ``ties``, scores rounded to one decimal."""
    y = np.r_[np.ones(n // 2, int), np.zeros(n - n // 2, int)]
    signal = np.r_[rng.normal(1.0, 1, n // 2), rng.normal(0, 1, n - n // 2)]
    shifts = np.zeros(k) if shifts is None else np.asarray(shifts)
    scores = [signal + rng.normal(0, 0.7, n) + shifts[j] * y for j in range(k)]
    if ties:
        scores = [np.round(s, 1) for s in scores]
    return y, scores


def scipy_stratified(y, s, method, n_boot, seed, level=0.95):
    """scipy's two-sample bootstrap of the AUC: positives and negatives resampled apart."""
    y, s = np.asarray(y), np.asarray(s, dtype=float)
    res = stats.bootstrap((s[y == 1], s[y == 0]), pair_auc, vectorized=False,
                          n_resamples=n_boot, batch=1, method=method, confidence_level=level,
                          rng=np.random.default_rng(seed))
    return res.confidence_interval


def mean_gap(y, s):
    """A metric that numpy makes nan (with RuntimeWarnings) when a class is missing."""
    return float(np.mean(s[y == 1]) - np.mean(s[y == 0]))


# ----------------------------------------------------------------- the command line's files

def scored_frame(n: int = 3000, *, seed: int = 5, decimals: int | None = None) -> pd.DataFrame:
    """Labels (30% positives), a continuous score ``s`` (distinct unless rounded) and a
    weaker second score ``t``."""
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < 0.3).astype(np.int64)
    s, t = rng.normal(size=n) + 1.2 * y, rng.normal(size=n) + 0.4 * y
    if decimals is not None:
        s = np.round(s, decimals)
    return pd.DataFrame({"y": y, "s": s, "t": t})


def write_parts(frame: pd.DataFrame, folder, count: int, suffix: str = "parquet") -> list[str]:
    """``frame``'s rows in order as ``count`` files; their paths."""
    folder.mkdir(exist_ok=True)
    paths = []
    for i, rows in enumerate(np.array_split(np.arange(len(frame)), count)):
        path = folder / f"part{i:03d}.{suffix}"
        part = frame.iloc[rows]
        part.to_parquet(path, index=False) if suffix == "parquet" else part.to_csv(path,
                                                                                    index=False)
        paths.append(str(path))
    return paths


def run_auc(argv, capsys):
    """``cli.main(["auc", *argv])``: exit code, stdout, stderr."""
    code = cli.main(["auc", *(str(arg) for arg in argv)])
    out, err = capsys.readouterr()
    return code, out, err


# --------------------------------------------------------------------------- figures

def drawn(ax):
    """Everything the Axes shows as data: line vertices, collection offsets and paths, texts."""
    lines = [line.get_xydata().tolist() for line in ax.lines]
    offsets = [c.get_offsets().tolist() for c in ax.collections]
    paths = [[p.vertices.tolist() for p in c.get_paths()] for c in ax.collections]
    texts = [t.get_text() for t in ax.texts]
    return lines, offsets, paths, texts


# --------------------------------------------------------------------------- the widgets

# the threshold explorer on odd scores (tests/widgets/test_threshold_explorer.py and, for its
# front end, tests/book/test_explorer_js.py)

def adjacent(start: float, count: int) -> list[float]:
    """``count`` consecutive float64 values from ``start`` upwards."""
    out = [start]
    for _ in range(count - 1):
        out.append(math.nextafter(out[-1], math.inf))
    return out


ODD = {
    "huge": ([0, 1, 0, 1], [-1.7e308, 0.0, 1.7e308, 1.0e308]),
    "near the largest": ([0, 1, 1], [1.7e308, 1.79e308, 1.795e308]),
    "adjacent at 1": ([0, 1, 0, 1, 1, 0], adjacent(1.0, 6)),
    "adjacent below 0.1": ([1, 0, 1, 0], adjacent(math.nextafter(0.1, 0.0), 4)),
    "adjacent at -3": ([1, 1, 0, 0, 1], adjacent(-3.0, 5)),
    "subnormal": ([0, 1, 0, 1], [0.0, 5e-324, 1e-323, 1.5e-323]),
    "signed zeros": ([0, 1, 0, 1], [-0.0, 0.0, -5e-324, 5e-324]),
    "beyond 2**53 as floats": ([0, 1, 0], [2.0 ** 53, 2.0 ** 53 + 2, 2.0 ** 54]),
}


# the distribution explorer's recipe, written out (tests/widgets/test_distribution_explorer.py
# and tests/book/test_distribution_explorer_browser.py)
SEPARATIONS = [k / 10 for k in range(0, 41)]                 # the control's grid, 0 to 4
PREVALENCES = [float(f"{0.05 * k:.2f}") for k in range(1, 20)]  # 0.05 to 0.95


def reference_sample(separation: float, prevalence: float, n: int = 400, seed: int = 0,
                     noise=None):
    """The documented recipe, written out: noise for n positives then n negatives (drawn from
    the seed, or given); the first round-half-up(π·n) positives (π·n in exact decimal) and the
    rest negatives."""
    if noise is None:
        noise = np.random.default_rng(seed).standard_normal(2 * n)
    exact = Decimal(repr(prevalence)) * n
    positives = int(exact.quantize(Decimal(1), rounding=ROUND_HALF_UP))
    positives = min(max(positives, 1), n - 1)
    scores = [noise[i] + separation for i in range(positives)]
    scores += [noise[n + j] for j in range(n - positives)]
    labels = [1] * positives + [0] * (n - positives)
    return np.array(labels), np.array(scores)


def reference_decimal(above: float, at_most: float, largest: bool = True) -> float:
    """The number with the fewest decimal places d in (above, at_most], in exact arithmetic:
    each m / 10**d near the bound is rounded to float64 once (``float(Fraction)`` rounds
    correctly) and compared with the bounds; d runs while |bound| × 10**d < 2**52, at most 15
    places (the documented limit), else ``at_most``."""
    for d in range(16):
        if max(abs(above), abs(at_most)) * 10 ** d >= 2 ** 52:
            break
        near = math.floor(Fraction(at_most if largest else above) * 10 ** d)
        fits = [float(Fraction(m, 10 ** d)) for m in range(near - 2, near + 3)]
        fits = [c for c in fits if above < c <= at_most]
        if fits:
            return (max(fits) if largest else min(fits)) + 0.0
    return at_most


def reference_thresholds(y_score, low: float, high: float) -> list[float]:
    """The θ of each position of the control: position p calls the distinct scores v_p, ... positive
    and takes the fewest-places number in (v_{p-1}, v_p] (the largest), the last one the
    fewest-places number just above the highest score (the smallest)."""
    distinct = sorted({float(v) for v in y_score})
    below = [low] + distinct[:-1]
    return ([reference_decimal(a, b) for a, b in zip(below, distinct)]
            + [reference_decimal(distinct[-1], high, largest=False)])


# the self-check's cases (tests/widgets/test_self_check.py and, for its front end,
# tests/book/test_self_check_browser.py)
SPAM = dict(question="What share of the flagged emails are spam? (two decimals)",
            answer=0.75, tolerance=0.005, hint="Precision: flagged spam over all flagged.",
            explain="30 / (30 + 10) = 0.75.",
            mistakes={0.6: "That is the recall: flagged spam over all spam."})
CHOICE = dict(question="Lowering θ can make FP ...", choices=["rise", "fall", "stay only"],
              answer=0, explanations=["Because more cases are called positive.",
                                      "A case called positive stays positive.",
                                      "It can stay, but it can also rise."])


# decimals: a number equal to the answer at the precision asked for is right
AUC = dict(question="What is the AUC? (two decimals)", answer=0.9583, decimals=2,
           hint="Count the pairs the positive wins.", explain="23 of the 24 pairs: 23/24.",
           mistakes={1.0: "That counts the tied pair as a win."},
           possible=(0, 1, "An AUC is a probability: it lies between 0 and 1."),
           reread=("The AUC as a probability", "05_auc.html#the-auc-as-a-probability"))


# an explanation's own verdict ("Right:", "No:") is left out: the widget says it once
STRIP_CASES = [
    ("Right: the bottom-right cell is TP.", "the bottom-right cell is TP."),
    ("No: 0.5 is not above 0.5.", "0.5 is not above 0.5."),
    ("Not quite: labels are not the only thing.", "labels are not the only thing."),
    ("Yes: and more.", "and more."), ("Wrong! It falls.", "It falls."),
    ("Correct. Both rise.", "Both rise."), ("Incorrect: no.", "no."),
    ("right:  lower case", "lower case"), ("  Right :  spaced", "spaced"),
    ("Right.", ""), ("No:", ""),
    ("No one would say so.", "No one would say so."),        # a word, not a verdict
    ("Nothing: a decision curve says ...", "Nothing: a decision curve says ..."),
    ("Yes, and it inflates.", "Yes, and it inflates."),       # a comma is no verdict mark
    ("Rightly so: ...", "Rightly so: ..."), ("Right:0.5", "Right:0.5"),
    ("No.5 is the fifth.", "No.5 is the fifth."),
    ("That is the recall.", "That is the recall."), ("9 / 108 = 0.083.", "9 / 108 = 0.083."),
    ("Right: No: twice", "No: twice"),                        # one verdict only is taken off
    ("\u00a0Right:\u2009thin", "thin"),
]


# the parsing of a typed answer, the same on both sides
PARSE_CASES = [
    ("0.96", 0.96), ("0,96", 0.96), (".96", 0.96), ("96%", 0.96), ("23/24", 23 / 24),
    ("-1e-3", -0.001), ("\u22120.5", -0.5), (" 0 . 5 ", 0.5), ("1\u00a0000", 1000.0),
    ("+3", 3.0), ("1.", 1.0), ("1E2", 100.0), ("3/4%", 0.0075), ("-3/4", -0.75),
    ("0,5%", 0.005), ("2/0", math.nan), ("1,000.5", math.nan), ("1,5,0", math.nan),
    ("0x10", math.nan), ("1e400", math.nan), ("inf", math.nan), ("nan", math.nan),
    ("", math.nan), ("  ", math.nan), ("½", math.nan), ("٣", math.nan), ("1_000", math.nan),
    ("three quarters", math.nan), ("%", math.nan), ("3/-4", math.nan), ("e5", math.nan),
]


def same_number(a: float, b: float) -> bool:
    return (math.isnan(a) and math.isnan(b)) or a == b


# reread: a relative link, checked on both sides
HREF_CASES = [
    ("05_auc.html#the-auc-as-a-probability", True), ("05_auc.html", True), ("#anchor", True),
    ("../chapters/05_auc.html", True), ("/chapters/05_auc.html", True),
    ("05_auc.html?x=1:2", True), ("a/b:c", True), ("%2F%2Fevil.example", True),
    ("https://example.org/", False), ("http:05_auc.html", False), ("javascript:alert(1)", False),
    ("JavaScript:alert(1)", False), ("mailto:a@b.c", False), ("data:text/html,x", False),
    ("file:///etc/passwd", False), ("//example.org/x", False), ("\\\\example.org", False),
    ("/\\example.org", False), (" //example.org", False), ("\t//example.org", False),
    ("java\nscript:alert(1)", False), ("/\t/example.org", False), ("a b.html", False),
    ("x\u00a0y", False), ("x\u2028y", False), ("x\u0085y", False), ("x\x7fy", False),
    ("", False),
]
