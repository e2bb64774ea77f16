"""AUC for more than two classes."""

from __future__ import annotations

from itertools import combinations
from typing import Any

import numpy as np

from ._validation import _as_1d, check_scores


def multiclass_auc(y_true: Any, y_score: Any, *, labels: Any = None) -> float:
    """Hand & Till's M: the mean over class pairs of the two one-against-one AUCs.

    For classes i and j, A(i|j) is the AUC of column i's scores separating class i from
    class j, using only the samples of those two classes; the pair counts
    (A(i|j) + A(j|i)) / 2, and M averages over all c(c − 1)/2 pairs. This equals
    ``sklearn.metrics.roc_auc_score(..., multi_class="ovo")``.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Class labels.
    y_score : array-like of shape (n, c)
        One column of scores per class, columns in the order of ``labels``.
    labels : array-like of shape (c,), optional
        The classes in column order; by default the sorted distinct values of ``y_true``.

    Examples
    --------
    >>> y = [0, 0, 1, 1, 2, 2]
    >>> s = [[.8, .1, .1], [.5, .3, .2], [.2, .6, .2], [.3, .3, .4], [.1, .2, .7], [.2, .5, .3]]
    >>> round(multiclass_auc(y, s), 6)
    0.895833
    """
    from .curves import roc_auc

    truth = _as_1d(y_true, "y_true")
    scores = np.asarray(y_score.to_numpy() if hasattr(y_score, "to_numpy") else y_score)
    if scores.ndim != 2:
        raise ValueError(f"y_score must be 2-D (one column per class), got shape {scores.shape}")
    if scores.shape[0] != truth.shape[0]:
        raise ValueError(f"y_score has {scores.shape[0]} rows but y_true has {truth.shape[0]} "
                         f"samples: they must match")
    check_scores(scores.ravel())
    classes = np.unique(truth) if labels is None else np.asarray(labels)
    if np.unique(classes).shape[0] != classes.shape[0]:
        raise ValueError(f"labels must not repeat a class, got {classes.tolist()!r}")
    if classes.shape[0] != scores.shape[1]:
        raise ValueError(f"y_score has {scores.shape[1]} columns but there are "
                         f"{classes.shape[0]} classes {classes.tolist()!r}")
    if classes.shape[0] < 2:
        raise ValueError("multiclass_auc needs at least two classes")
    unknown = set(np.unique(truth).tolist()) - set(classes.tolist())
    if unknown:
        raise ValueError(f"y_true holds labels {sorted(unknown)!r} that are not in labels "
                         f"{classes.tolist()!r}: every label needs a column of y_score")
    missing = set(classes.tolist()) - set(np.unique(truth).tolist())
    if missing:
        raise ValueError(f"classes {sorted(missing)!r} never occur in y_true: every class "
                         f"needs samples for the pairwise AUCs")
    total = 0.0
    for i, j in combinations(range(classes.shape[0]), 2):
        both = (truth == classes[i]) | (truth == classes[j])
        is_i = (truth[both] == classes[i]).astype(np.int8)
        a_ij = roc_auc(is_i, scores[both, i])
        a_ji = roc_auc(1 - is_i, scores[both, j])
        total += (a_ij + a_ji) / 2
    pairs = classes.shape[0] * (classes.shape[0] - 1) / 2
    return total / pairs
