"""evalcore/stats/sample_size.py: ``auc_sample_size`` plugged back into Hanley and McNeil's
formula (computed by hand here) gives the width asked for; its options are refused by name,
and a size out of reach is said, not overflowed."""

from __future__ import annotations

import math

import pytest
from scipy.stats import norm

import evalcore as ec

from reference import hanley_mcneil_se


@pytest.mark.parametrize("auc,width,level,ratio", [(0.8, 0.1, 0.95, 1.0), (0.7, 0.2, 0.9, 2.5),
                                                   (0.95, 0.05, 0.99, 0.5), (0.6, 0.3, 0.8, 4)])
def test_sample_size_plugged_back(auc, width, level, ratio):
    plan = ec.auc_sample_size(auc, width=width, level=level, ratio=ratio)
    z = norm.ppf(0.5 + level / 2)
    assert plan.negatives == max(1, math.ceil(ratio * plan.positives))
    achieved = 2 * z * hanley_mcneil_se(auc, plan.positives, plan.negatives)
    assert achieved <= width and plan.width == pytest.approx(achieved, rel=1e-12)
    fewer = plan.positives - 1
    if fewer >= 1:
        assert 2 * z * hanley_mcneil_se(auc, fewer, max(1, math.ceil(ratio * fewer))) > width


def test_sample_size_errors():
    with pytest.raises(ValueError, match=r"auc must lie in \(0\.0, 1\.0\)"):
        ec.auc_sample_size(1.0, width=0.1)
    with pytest.raises(ValueError, match="width must lie in"):
        ec.auc_sample_size(0.8, width=0)
    with pytest.raises(TypeError, match="width must be a real number"):
        ec.auc_sample_size(0.8, width="0.1")
    with pytest.raises(ValueError, match=r"ratio must lie in \(0\.0, inf\)"):
        ec.auc_sample_size(0.8, width=0.1, ratio=-1)
    with pytest.raises(ValueError, match=r"level must lie in \(0\.0, 1\.0\)"):
        ec.auc_sample_size(0.8, width=0.1, level=95)


def test_sample_size_options():
    for name, value in (("auc", "0.8"), ("width", None), ("ratio", "4"), ("level", [0.9])):
        kwargs = dict(auc=0.8, width=0.1, level=0.95, ratio=1.0)
        kwargs[name] = value
        auc = kwargs.pop("auc")
        with pytest.raises(TypeError, match=f"{name} must be a real number"):
            ec.auc_sample_size(auc, **kwargs)
    for name, value, rule in (("auc", 1.0, r"\(0\.0, 1\.0\)"), ("auc", math.nan, r"\(0\.0, 1\.0\)"),
                              ("width", 0.0, r"\(0\.0, 1\.0\]"), ("width", math.inf, r"\(0\.0, 1\.0\]"),
                              ("ratio", 0.0, r"\(0\.0, inf\)"), ("ratio", math.inf, r"\(0\.0, inf\)"),
                              ("level", 1.0, r"\(0\.0, 1\.0\)")):
        kwargs = dict(auc=0.8, width=0.1, level=0.95, ratio=1.0)
        kwargs[name] = value
        auc = kwargs.pop("auc")
        with pytest.raises(ValueError, match=f"{name} must (lie|be a number) in {rule}"):
            ec.auc_sample_size(auc, **kwargs)


@pytest.mark.parametrize("kwargs", [dict(width=1e-300), dict(width=0.1, ratio=1e-300),
                                    dict(width=0.1, ratio=1e308), dict(width=0.1, ratio=1e20)])
def test_sample_size_out_of_reach_is_said_not_overflowed(kwargs):
    with pytest.raises(ValueError, match="is out of reach: .*would (take|need) more than"):
        ec.auc_sample_size(0.8, **kwargs)
