"""Planning a study: how many positives and negatives pin the ROC AUC down to a given width.

Hanley and McNeil (1982) give the AUC's variance under exponential score distributions from
the AUC alone and the class sizes (:func:`hanley_mcneil_variance`); :func:`auc_sample_size`
inverts it for the smallest design whose interval ``AUC ± z·SE`` is narrow enough. The same
variance gives :func:`~evalcore.roc_auc_ci`'s ``method="hanley_mcneil"`` interval.

References
----------
J. A. Hanley and B. J. McNeil (1982), "The meaning and use of the area under a receiver
operating characteristic (ROC) curve", *Radiology* 143(1), 29-36.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from scipy import special

from ..core.options import check_level, check_real

#: auc_sample_size gives up beyond this many positives or negatives (2**53: counts stay exact
#: floats).
MAX_PLANNED_POSITIVES = 2 ** 53


class AucSampleSize(NamedTuple):
    """How many positives and negatives :func:`auc_sample_size` asks for, and the width
    of the interval they give."""

    positives: int
    negatives: int
    width: float


def hanley_mcneil_variance(auc: float, positives: int | float,
                           negatives: int | float) -> float:
    """Hanley and McNeil's (1982) variance of the AUC, from the AUC and the class sizes.

    Their eq. 2 (P = n_A, N = n_N): ``(A(1 − A) + (P − 1)(Q1 − A²) + (N − 1)(Q2 − A²)) /
    (P·N)`` with ``Q1 = A/(2 − A)`` and ``Q2 = 2A²/(1 + A)``, which assumes exponential
    score distributions.

    Parameters
    ----------
    auc : float
        The AUC ``A``, in [0, 1].
    positives, negatives : int or float
        The numbers of positives P and negatives N.

    Returns
    -------
    float
        The variance (0 at A = 0 or 1).

    See Also
    --------
    auc_sample_size : the design this variance makes narrow enough.

    References
    ----------
    J. A. Hanley and B. J. McNeil (1982), "The meaning and use of the area under a
    receiver operating characteristic (ROC) curve", *Radiology* 143(1), 29-36.

    Examples
    --------
    At A = ½ it is the variance of the Mann-Whitney AUC under chance, (P + N + 1)/(12·P·N):

    >>> from evalcore.stats.sample_size import hanley_mcneil_variance
    >>> round(hanley_mcneil_variance(0.5, 10, 10) * 12 * 10 * 10, 9)
    21.0
    """
    q1 = auc / (2.0 - auc)
    q2 = 2.0 * auc * auc / (1.0 + auc)
    square = auc * auc
    return ((auc * (1.0 - auc) + (positives - 1) * (q1 - square)
             + (negatives - 1) * (q2 - square)) / (positives * negatives))


def auc_sample_size(auc: float, *, width: float, level: float = 0.95,
                    ratio: float = 1.0) -> AucSampleSize:
    """How many positives and negatives give an AUC interval of the wanted total width.

    Plans a study from an anticipated AUC: the smallest number of positives P, with
    ``N = ceil(ratio·P)`` negatives, for which the normal interval ``AUC ± z·SE`` with
    Hanley and McNeil's (1982) standard error (see :func:`roc_auc_ci`,
    ``method="hanley_mcneil"``) is at most ``width`` wide in total (``2·z·SE <= width``,
    before any clipping to [0, 1]).

    Parameters
    ----------
    auc : float
        The anticipated AUC, strictly between 0 and 1.
    width : float
        The wanted total width of the interval (high − low), positive.
    level : float, default=0.95
        Confidence level, strictly between 0 and 1.
    ratio : float, default=1.0
        Negatives per positive (for example 4 when the disease is rare and four controls
        are enrolled per case), positive.

    Returns
    -------
    AucSampleSize
        ``(positives, negatives, width)``: the counts and the width they achieve.

    Raises
    ------
    ValueError
        If ``auc`` or ``level`` is not strictly between 0 and 1, ``width`` not in (0, 1],
        ``ratio`` not positive and finite (NaN included), or the width is out of reach (more
        than 2**53 positives or negatives).
    TypeError
        If any of them is not a real number.

    See Also
    --------
    roc_auc_ci : the interval itself.

    References
    ----------
    J. A. Hanley and B. J. McNeil (1982), "The meaning and use of the area under a
    receiver operating characteristic (ROC) curve", *Radiology* 143(1), 29-36.

    Examples
    --------
    To pin an AUC of about 0.8 down to ± 0.05 (a total width of 0.1) at 95%:

    >>> import evalcore as ec
    >>> plan = ec.auc_sample_size(0.8, width=0.1)
    >>> plan.positives, plan.negatives, round(plan.width, 4)
    (151, 151, 0.1)

    Four controls per case save positives, at the price of many more cases in all:

    >>> ec.auc_sample_size(0.8, width=0.1, ratio=4)[:2]
    (120, 480)
    """
    # at AUC 0 or 1 the Hanley-McNeil variance is 0; the width is high - low of an interval
    # within [0, 1]; the ratio is negatives per positive, positive and finite
    auc = check_real(auc, "auc", low=0.0, high=1.0, low_open=True, high_open=True)
    width = check_real(width, "width", low=0.0, high=1.0, low_open=True)
    level = check_level(level)
    ratio = check_real(ratio, "ratio", low=0.0, high=math.inf, low_open=True, high_open=True)
    z = float(special.ndtri(0.5 + level / 2))

    def achieved(positives: int) -> float:
        if ratio * positives > MAX_PLANNED_POSITIVES:
            raise ValueError(f"ratio={ratio!r} is out of reach: {positives} positives would "
                             f"need more than {MAX_PLANNED_POSITIVES} negatives (ask for fewer "
                             f"negatives per positive)")
        negatives = max(1, math.ceil(ratio * positives))
        variance = hanley_mcneil_variance(auc, positives, negatives)
        return 2.0 * z * math.sqrt(max(variance, 0.0))

    # the width falls as P grows: double up to a P wide enough, then bisect
    low, high = 0, 1
    while achieved(high) > width:
        if high > MAX_PLANNED_POSITIVES:
            raise ValueError(f"width={width!r} with ratio={ratio!r} is out of reach: it would "
                             f"take more than {MAX_PLANNED_POSITIVES} positives (ask for a "
                             f"wider interval, or more negatives per positive)")
        low, high = high, 2 * high
    while high - low > 1:
        middle = (low + high) // 2
        if achieved(middle) > width:
            low = middle
        else:
            high = middle
    return AucSampleSize(high, max(1, math.ceil(ratio * high)), achieved(high))
