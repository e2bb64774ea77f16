"""AUC for more than two classes: Hand & Till's pairwise M and one-versus-rest averages."""

from __future__ import annotations

from itertools import combinations
from typing import Any

import numpy as np

from .areas import roc_auc
from .options import check_one_of
from .validation import as_1d, check_array_like, check_kinds_match, check_scores, shown

#: The ways of turning c classes into two-class problems.
MULTI_CLASS = ("ovo", "ovr")
#: The averages each way allows (``None``: one AUC per class, one-versus-rest only).
AVERAGES = {"ovo": ("macro", "weighted"), "ovr": ("macro", "weighted", "micro", None)}


def _class_labels(values: Any, name: str) -> np.ndarray:
    """``values`` as a non-empty 1-D array of class labels of one kind, without missing
    values (None, NaN, pandas.NA, NaT, masked entries)."""
    array = as_1d(values, name)
    if array.dtype.kind == "f" and not np.all(np.isfinite(array)):
        raise ValueError(f"{name} must not hold NaN or infinite values")
    return array


def multiclass_auc(y_true: Any, y_score: Any, *, labels: Any = None, multi_class: str = "ovo",
                   average: str | None = "macro") -> float | np.ndarray:
    """AUC for c ≥ 2 classes: Hand & Till's M (the default) or a one-versus-rest average.

    With ``multi_class="ovo"`` (one against one), A(i|j) is the AUC of column i's scores
    separating class i from class j, on the samples of those two classes only; the pair
    {i, j} scores (A(i|j) + A(j|i)) / 2. ``average="macro"`` is the plain mean over the
    c(c − 1)/2 pairs, Hand & Till's M; ``"weighted"`` weighs each pair by the share of the
    samples that belong to its two classes.

    With ``multi_class="ovr"`` (one against the rest), class k's AUC is the two-class AUC of
    column k, class k against all the other classes together. ``"macro"`` is the mean of the c
    AUCs, ``"weighted"`` their mean weighted by the class sizes, ``"micro"`` one AUC over all
    n·c (sample, class) cells (is the sample of that class? ranked by that column's score),
    and ``None`` returns the c AUCs. Every combination equals
    ``sklearn.metrics.roc_auc_score(..., multi_class=..., average=...)`` where scikit-learn
    computes it; the two it refuses (``"ovo"`` with ``"micro"`` or ``None``) raise a
    ``ValueError`` here.

    Every class must occur in ``y_true``, so every AUC above is defined (no ``nan``).

    It takes no ``sample_weight``: Hand & Till's M is defined on unweighted pairs (scikit-learn
    refuses weights for one against one too), and weighted one-versus-rest averages are not
    implemented.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Class labels.
    y_score : array-like of shape (n, c)
        One column of scores per class, columns in the order of ``labels``.
    labels : array-like of shape (c,), default=None
        The classes in column order. ``None``: the sorted distinct values of ``y_true``.
    multi_class : {"ovo", "ovr"}, default="ovo"
        One against one (Hand & Till) or one against the rest.
    average : {"macro", "weighted", "micro"} or None, default="macro"
        How the two-class AUCs are combined; ``"micro"`` and ``None`` need ``"ovr"``.

    Returns
    -------
    float or numpy.ndarray
        The averaged AUC; with ``average=None`` one AUC per class, in column order.

    Raises
    ------
    TypeError
        If ``y_true`` or ``labels`` is missing, a scalar, or mixes strings and numbers (or
        ``y_true`` and ``labels`` differ so), ``y_score`` holds something other than real
        numbers, or an option is of the wrong kind.
    ValueError
        If ``y_true`` holds missing values (None, NaN, NA, NaT, masked entries), shapes
        disagree, a class has no samples or no column, ``labels`` repeats a class, the
        scores are not finite, or an option names no choice (or an average ``"ovo"``
        cannot make).

    See Also
    --------
    roc_auc : the two-class AUC each of these averages.

    References
    ----------
    D. J. Hand and R. J. Till (2001), "A simple generalisation of the area under the ROC curve
    for multiple class classification problems", *Machine Learning* 45(2), 171-186.

    Examples
    --------
    >>> y = [0, 0, 1, 1, 2, 2]
    >>> s = [[.8, .1, .1], [.5, .3, .2], [.2, .6, .2], [.3, .3, .4], [.1, .2, .7], [.2, .5, .3]]
    >>> round(multiclass_auc(y, s), 6)
    0.895833
    >>> round(multiclass_auc(y, s, multi_class="ovr", average="micro"), 6)
    0.909722
    >>> multiclass_auc(y, s, multi_class="ovr", average=None).round(4).tolist()
    [1.0, 0.8125, 0.875]
    """
    multi_class = check_one_of(multi_class, MULTI_CLASS, "multi_class")
    if average is not None:
        check_one_of(average, ("macro", "weighted", "micro"), "average")
    if average not in AVERAGES[multi_class]:
        raise ValueError(f"average={shown(average)} needs multi_class='ovr': with "
                         f"multi_class={multi_class!r}, average must be one of "
                         f"{AVERAGES[multi_class]}")
    truth = _class_labels(y_true, "y_true")
    check_array_like(y_score, "y_score", kind="a 2-D array-like (numpy array, pandas DataFrame "
                                             "or list of rows)")
    if np.ma.isMaskedArray(y_score) and np.ma.getmaskarray(y_score).any():
        raise ValueError("y_score has masked entries: drop those samples or fill them before "
                         "evaluating")
    try:
        scores = np.asarray(np.ma.getdata(y_score.to_numpy() if hasattr(y_score, "to_numpy")
                                          else y_score))
    except (TypeError, ValueError) as exc:
        raise ValueError(f"y_score must be a 2-D array of scores: {exc}") from None
    if scores.ndim != 2:
        raise ValueError(f"y_score must be 2-D (one column per class), got shape {scores.shape}")
    if scores.shape[0] != truth.shape[0]:
        raise ValueError(f"y_score has {scores.shape[0]} rows but y_true has {truth.shape[0]} "
                         f"samples: they must match")
    scores = check_scores(scores.ravel()).reshape(scores.shape)
    classes = np.unique(truth) if labels is None else _class_labels(labels, "labels")
    check_kinds_match(truth, classes, ("y_true", "labels"))
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
    # one-hot truth: member[:, k] says whether the sample belongs to class k
    member = (truth[:, None] == classes[None, :]).astype(np.int8)

    if multi_class == "ovr":
        if average == "micro":
            return roc_auc(member.ravel(), scores.ravel())
        per_class = np.array([roc_auc(member[:, k], scores[:, k])
                              for k in range(classes.shape[0])])
        if average is None:
            return per_class
        weights = member.sum(axis=0) if average == "weighted" else None
        return float(np.average(per_class, weights=weights))

    pair_aucs, pair_sizes = [], []
    for i, j in combinations(range(classes.shape[0]), 2):
        both = (member[:, i] | member[:, j]).astype(bool)
        is_i = member[both, i]
        a_ij = roc_auc(is_i, scores[both, i])
        a_ji = roc_auc(1 - is_i, scores[both, j])
        pair_aucs.append((a_ij + a_ji) / 2)
        pair_sizes.append(int(both.sum()))
    weights = pair_sizes if average == "weighted" else None
    return float(np.average(pair_aucs, weights=weights))
