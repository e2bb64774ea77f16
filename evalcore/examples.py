"""The worked examples of the five sources, as data, so every chapter and test uses one copy.

The values are transcribed from the sources (see ``../shared/seeds/README.md``); nothing here
is computed.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from .core.options import check_int


class ScoredExample(NamedTuple):
    """True labels and classifier scores of a worked example."""

    y_true: np.ndarray
    y_score: np.ndarray


def murphy_classifier(which: int) -> ScoredExample:
    """Murphy's nine examples scored by classifier 1 (his Table 1) or 2 (Table 2).

    Classifier 2 differs in examples 5 (score 0.2 instead of 0.5) and 6 (0.6 instead of 0.4).

    Parameters
    ----------
    which : int
        1 or 2: the table.

    Returns
    -------
    ScoredExample
        The labels and the scores, as new arrays.

    Raises
    ------
    TypeError
        If ``which`` is not an integer.
    ValueError
        If ``which`` is neither 1 nor 2.

    See Also
    --------
    vojnovic_seven : the slides' seven examples.

    Examples
    --------
    >>> ex = murphy_classifier(2)
    >>> ex.y_true.tolist(), ex.y_score.tolist()
    ([1, 1, 1, 1, 1, 0, 0, 0, 0], [0.9, 0.8, 0.7, 0.6, 0.2, 0.6, 0.3, 0.2, 0.1])
    """
    try:
        which = check_int(which, "which", low=1, high=2)
    except ValueError:
        raise ValueError(f"which must be 1 or 2 (Murphy's Table 1 or Table 2), "
                         f"got {which!r}") from None
    y = np.array([1, 1, 1, 1, 1, 0, 0, 0, 0])
    if which == 1:
        s = np.array([0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1])
    else:
        s = np.array([0.9, 0.8, 0.7, 0.6, 0.2, 0.6, 0.3, 0.2, 0.1])
    return ScoredExample(y, s)


def vojnovic_seven() -> ScoredExample:
    """The seven examples of the ST445 slides (AUC = 11/12).

    Returns
    -------
    ScoredExample
        The labels and the scores, as new arrays.

    See Also
    --------
    murphy_classifier : Murphy's nine examples.

    Examples
    --------
    >>> vojnovic_seven().y_true.tolist()
    [0, 1, 0, 1, 1, 0, 0]
    """
    return ScoredExample(np.array([0, 1, 0, 1, 1, 0, 0]),
                         np.array([0.2, 0.7, 0.6, 0.8, 0.5, 0.1, 0.3]))


#: Murphy's Table 4, the normalized joint tables of classifiers A, B and C, as printed
#: (rows: estimate 1, estimate 0; columns: truth 1, truth 0 - the caption's "rows are the
#: true labels" does not fit the numbers; see the errata appendix).
MURPHY_TABLE4 = {
    "A": np.array([[0.9, 0.1], [0.0, 0.0]]),
    "B": np.array([[0.8, 0.0], [0.1, 0.1]]),
    "C": np.array([[0.78, 0.0], [0.12, 0.1]]),
}

#: The tutorial's four printed confusion matrices, in its (scikit-learn's) layout
#: [[tn, fp], [fn, tp]].
TUTORIAL_MATRICES = (
    np.array([[80, 0], [10, 10]]),
    np.array([[70, 10], [10, 10]]),
    np.array([[60, 20], [5, 15]]),
    np.array([[80, 0], [20, 0]]),
)
