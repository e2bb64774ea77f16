"""evalcore/core/sklearn_keywords.py: scikit-learn's keywords a function does not take, answered.

``max_fpr``, ``normalize``, ``labels`` and ``sample_weight`` raise a ``TypeError`` giving the
evalcore way, and that way gives scikit-learn's number (scikit-learn's own functions are the
references); every other unknown keyword keeps Python's own message; the decorated functions
are the functions themselves to ``inspect`` and to doctest, warn at the caller's line and name
themselves; the README's table answers the same keywords.
"""

from __future__ import annotations

import doctest
import inspect
import re
import warnings

import numpy as np
import pytest
from sklearn import metrics

import evalcore as ec
from evalcore.core import areas
from evalcore.core.sklearn_keywords import SKLEARN_KEYWORDS, explains_sklearn_keywords
from conftest import ROOT

RNG = np.random.default_rng(20240611)


ARGUMENTS = {"roc_auc": ([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]),
             "confusion_matrix": ([0, 0, 1, 1], [0, 1, 1, 1]),
             "roc_auc_ci": ([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]),
             "delong_variance": ([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]),
             "delong_test": ([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], [0.2, 0.1, 0.3, 0.9]),
             "threshold_at_fpr": ([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], 0.5),
             "threshold_at_precision": ([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], 0.5)}


KEYWORDS = [(name, keyword) for name, answers in SKLEARN_KEYWORDS.items() for keyword in answers]


def test_every_function_of_the_table_is_decorated_and_lacks_its_keywords():
    assert set(ARGUMENTS) == set(SKLEARN_KEYWORDS)
    for name, answers in SKLEARN_KEYWORDS.items():
        function = getattr(ec, name)
        parameters = inspect.signature(function).parameters
        assert function.__wrapped__ is inspect.unwrap(function)
        assert not set(answers) & set(parameters), name
        assert all(p.kind is not p.VAR_KEYWORD for p in parameters.values()), name


@pytest.mark.parametrize("name, keyword", KEYWORDS)
def test_a_scikit_learn_keyword_raises_a_type_error_with_the_evalcore_way(name, keyword):
    with pytest.raises(TypeError) as error:
        getattr(ec, name)(*ARGUMENTS[name], **{keyword: None})
    message = str(error.value)
    assert message.startswith(f"{name}() got an unexpected keyword argument '{keyword}'")
    assert SKLEARN_KEYWORDS[name][keyword] in message
    assert re.search(r"\b(ec|cm|np)\.\w+\(?", message)   # it names the evalcore way


@pytest.mark.parametrize("name", sorted(SKLEARN_KEYWORDS))
def test_any_other_unknown_keyword_keeps_pythons_own_message(name):
    function = getattr(ec, name)
    with pytest.raises(TypeError) as ours:
        function(*ARGUMENTS[name], maxfpr=0.1)
    with pytest.raises(TypeError) as pythons:
        inspect.unwrap(function)(*ARGUMENTS[name], maxfpr=0.1)
    assert str(ours.value) == str(pythons.value)
    assert "maxfpr" in str(ours.value)


def test_other_type_errors_of_a_decorated_function_pass_through():
    with pytest.raises(TypeError, match="method must be one of"):
        ec.roc_auc([0, 1], [0.1, 0.2], method=3)
    with pytest.raises(TypeError, match="y_true is a ScoreCounts"):
        ec.roc_auc(ec.ScoreCounts.from_arrays([0, 1], [0.1, 0.2]), [0.1, 0.2])


@pytest.mark.parametrize("name", sorted(SKLEARN_KEYWORDS))
def test_a_decorated_function_warns_and_names_itself_as_the_bare_one(name):
    """The wrapper's frame is not counted: an undefined result warns at the caller's line,
    and a ScoreCounts given in its place is answered with the function's own name."""
    one_class = ([1, 1, 1, 1],) + ARGUMENTS[name][1:]
    if name != "confusion_matrix":
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            getattr(ec, name)(*one_class)
        assert caught and {w.category for w in caught} == {ec.UndefinedMetricWarning}
        assert {w.filename for w in caught} == {__file__}
    counts = ec.ScoreCounts.from_arrays([0, 1], [0.1, 0.2])
    with pytest.raises(TypeError, match=rf"^{name}\(\) "):
        getattr(ec, name)(counts, *ARGUMENTS[name][1:])


def test_the_decorator_refuses_a_function_without_an_entry():
    def no_entry(y_true):
        return y_true
    with pytest.raises(ValueError, match="no_entry has no entry in SKLEARN_KEYWORDS"):
        explains_sklearn_keywords(no_entry)


def test_a_decorated_function_is_the_function_to_inspect_and_to_doctest():
    real = inspect.unwrap(ec.roc_auc)
    assert inspect.signature(ec.roc_auc) == inspect.signature(real)
    source = inspect.getsource(ec.roc_auc)
    assert source == inspect.getsource(real)
    assert "def roc_auc(y_true: Any, y_score: Any" in source and "rank" in source
    assert ec.roc_auc.__doc__ == real.__doc__ and ec.roc_auc.__module__ == "evalcore.core.areas"
    assert areas.roc_auc is ec.roc_auc
    found = {test.name for test in doctest.DocTestFinder().find(areas) if test.examples}
    assert "evalcore.core.areas.roc_auc" in found


def test_max_fpr_answer_is_scikit_learns_standardized_partial_auc():
    for _ in range(5):
        y = RNG.integers(0, 2, 300)
        score = np.round(RNG.normal(size=300) + y, 1)           # ties
        weight = RNG.random(300)
        for max_fpr in (0.05, 0.2, 0.5):
            assert ec.partial_auc(y, score, max_fpr=max_fpr, standardized=True) == \
                pytest.approx(metrics.roc_auc_score(y, score, max_fpr=max_fpr), rel=1e-12)
            assert ec.partial_auc(y, score, max_fpr=max_fpr, standardized=True,
                                  sample_weight=weight) == pytest.approx(
                metrics.roc_auc_score(y, score, max_fpr=max_fpr, sample_weight=weight),
                rel=1e-12)


def test_normalize_and_labels_answers_are_scikit_learns_tables():
    y = RNG.integers(0, 2, 200)
    pred = (RNG.random(200) < 0.4 + 0.3 * y).astype(int)
    weight = RNG.random(200)
    for w in (None, weight):
        cm = ec.confusion_matrix(y, pred, sample_weight=w)
        answers = {"all": cm.joint,
                   "true": [[cm.tnr, cm.fpr], [cm.fnr, cm.tpr]],
                   "pred": [[cm.npv, cm.false_discovery_rate],
                            [cm.false_omission_rate, cm.precision]]}
        for normalize, table in answers.items():
            np.testing.assert_allclose(table, metrics.confusion_matrix(
                y, pred, sample_weight=w, normalize=normalize), rtol=1e-12)
        np.testing.assert_allclose(cm.as_array(layout="raschka"), metrics.confusion_matrix(
            y, pred, sample_weight=w, labels=[1, 0]), rtol=1e-12)


def test_sample_weight_answers_give_the_repeated_cases():
    """The route the messages give for frequency weights reads a weight of k as k cases:
    the same interval, variance and thresholds as the rows repeated."""
    y = RNG.integers(0, 2, 60)
    score = np.round(RNG.normal(size=60) + y, 1)
    weight = RNG.integers(0, 4, 60)
    counts = ec.ScoreCounts.from_arrays(y, score, sample_weight=weight.astype(float))
    rows = np.repeat(y, weight), np.repeat(score, weight)
    interval, repeated = counts.roc_auc_ci(), ec.roc_auc_ci(*rows)
    for field in ("auc", "low", "high", "level"):
        assert getattr(interval, field) == pytest.approx(getattr(repeated, field), rel=1e-12)
    assert counts.delong_variance() == pytest.approx(ec.delong_variance(*rows), rel=1e-12)
    assert counts.threshold_at_fpr(0.2) == ec.threshold_at_fpr(*rows, 0.2)
    assert counts.threshold_at_precision(0.7) == ec.threshold_at_precision(*rows, 0.7)


def test_the_readme_answers_the_same_keywords():
    readme = (ROOT / "README.md").read_text()
    section = readme.split("### Coming from scikit-learn", 1)[1].split("\n### ", 1)[0]
    for name, answers in SKLEARN_KEYWORDS.items():
        assert f"`{name}" in section, name
        for keyword in answers:
            assert keyword in section, keyword


def test_the_readme_names_every_function_it_lists_as_refusing_weights():
    readme = (ROOT / "README.md").read_text()
    section = readme.split("### Coming from scikit-learn", 1)[1].split("\n### ", 1)[0]
    row = next(line for line in section.splitlines() if line.startswith("| `sample_weight=`"))
    named = set(re.findall(r"`(\w+)`", row.split("|")[2]))
    refusing = {name for name, answers in SKLEARN_KEYWORDS.items() if "sample_weight" in answers}
    assert refusing <= named
    for name in refusing:
        assert "sample_weight" not in inspect.signature(getattr(ec, name)).parameters

