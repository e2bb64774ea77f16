"""scikit-learn's keywords that evalcore's functions do not take, each answered with the
evalcore way.

A scikit-learn user reaches for ``max_fpr=`` in :func:`~evalcore.roc_auc`, ``normalize=`` in
:func:`~evalcore.confusion_matrix` or ``sample_weight=`` in :func:`~evalcore.roc_auc_ci`,
and Python's own ``TypeError: unexpected keyword argument`` says nothing of where the
feature is. :data:`SKLEARN_KEYWORDS` is the one table of those answers, by function and
keyword; :func:`explains_sklearn_keywords` decorates each function named there, so that one
of its keywords raises a ``TypeError`` that gives the answer. Any other unexpected keyword
keeps Python's own message.

The decorated function is the function itself to ``inspect`` (``functools.wraps`` sets
``__wrapped__``, which :func:`inspect.signature` and :func:`inspect.getsource` follow). A
call that binds costs one more Python call and nothing else: the table is read only after
the call has failed with a ``TypeError``. The wrapper's frame is invisible to the messages
and warnings that point at the user's call (:func:`evalcore.core.validation.undefined` does
not count it, :func:`~evalcore.core.validation.outermost_public_call` skips its private
name).
"""

from __future__ import annotations

import functools
from typing import Any, Callable

#: For each function, scikit-learn's keywords it does not take, with the evalcore way.
SKLEARN_KEYWORDS: dict[str, dict[str, str]] = {
    "roc_auc": {
        "max_fpr": "the AUC is the whole area; scikit-learn's roc_auc_score(..., max_fpr=m) "
                   "is McClish's standardized partial AUC: ec.partial_auc(y_true, y_score, "
                   "max_fpr=m, standardized=True) (standardized=False: the raw area over FPR "
                   "in [0, m])",
    },
    "confusion_matrix": {
        "normalize": "the matrix keeps its counts and gives each normalization, in "
                     "scikit-learn's layout (truth on rows, 0 first): normalize='all' is "
                     "cm.joint; normalize='true' is [[cm.tnr, cm.fpr], [cm.fnr, cm.tpr]]; "
                     "normalize='pred' is [[cm.npv, cm.false_discovery_rate], "
                     "[cm.false_omission_rate, cm.precision]]",
        "labels": "the matrix counts the two classes, the positive one named by pos_label, "
                  "and the order of its rows and columns is a layout: cm.as_array() is "
                  "scikit-learn's labels=[0, 1], cm.as_array(layout='raschka') its "
                  "labels=[1, 0]",
    },
    "roc_auc_ci": {
        "sample_weight": "the intervals count cases (DeLong's variance has no weighted form "
                         "with a reference). Frequency weights (a weight of k stands for k "
                         "identical cases): ec.ScoreCounts.from_arrays(y_true, y_score, "
                         "sample_weight=w).roc_auc_ci(), which reads weights as numbers of "
                         "cases; other weights (survey, inverse probability) have no interval "
                         "in evalcore",
    },
    "delong_variance": {
        "sample_weight": "DeLong's variance counts cases (it has no weighted form with a "
                         "reference). Frequency weights (a weight of k stands for k identical "
                         "cases): ec.ScoreCounts.from_arrays(y_true, y_score, "
                         "sample_weight=w).delong_variance()",
    },
    "delong_test": {
        "sample_weight": "the test counts cases (DeLong's placement values have no weighted "
                         "form with a reference, and no weighted paired test is "
                         "implemented). Integer frequency weights (a weight of k stands for k "
                         "identical cases): repeat the rows, np.repeat(y_true, w), "
                         "np.repeat(y_score_a, w), np.repeat(y_score_b, w)",
    },
    "threshold_at_fpr": {
        "sample_weight": "the choice is made on counted cases. On weights (the FPR a share of "
                         "the negatives' weight): ec.ScoreCounts.from_arrays(y_true, y_score, "
                         "sample_weight=w).threshold_at_fpr(max_fpr); the guarantee "
                         "(confidence=) counts negatives and refuses weights",
    },
    "threshold_at_precision": {
        "sample_weight": "the choice is made on counted cases. On weights: "
                         "ec.ScoreCounts.from_arrays(y_true, y_score, sample_weight=w)"
                         ".threshold_at_precision(min_precision)",
    },
}


def sklearn_keyword_error(function_name: str, given: Any) -> TypeError | None:
    """The ``TypeError`` that answers the first of the keywords ``given`` (in the table's
    order) that :data:`SKLEARN_KEYWORDS` lists for ``function_name``, or ``None``."""
    answers = SKLEARN_KEYWORDS.get(function_name, {})
    for keyword, answer in answers.items():
        if keyword in given:
            return TypeError(f"{function_name}() got an unexpected keyword argument "
                             f"'{keyword}', a scikit-learn habit: {answer}")
    return None


def explains_sklearn_keywords(function: Callable) -> Callable:
    """``function``, answering the scikit-learn keywords :data:`SKLEARN_KEYWORDS` lists for
    it with a ``TypeError`` that gives the evalcore way; every other error is left as it is.

    The keywords are looked up only when the call has raised a ``TypeError``: one the
    function does not take fails before its body runs, so a listed keyword in ``kwargs``
    then is the cause."""
    name = function.__name__
    if name not in SKLEARN_KEYWORDS:
        raise ValueError(f"{name} has no entry in SKLEARN_KEYWORDS")

    @functools.wraps(function)
    def _call(*args, **kwargs):     # a private name: messages name the function it wraps
        try:
            return function(*args, **kwargs)
        except TypeError:
            answer = sklearn_keyword_error(name, kwargs) if kwargs else None
            if answer is None:
                raise
        raise answer from None

    return _call
