"""``25_subgroups``: the numbers the chapter glues, recomputed without evalcore (counts by
hand, statsmodels' Wilson interval, fairlearn's gaps, the simulation redrawn with numpy
alone), and the verdicts its prose states about them.
"""

from __future__ import annotations

import numpy as np
import pytest
from fairlearn.metrics import (MetricFrame, demographic_parity_difference,
                               equalized_odds_difference)
from sklearn.metrics import precision_score
from statsmodels.stats.proportion import proportion_confint

from conftest import ROOT
from default_credit import default_credit
from notebook_cells import cells, glued, source
from reference import rows_by_hand
from stored_outputs import close


CHAPTER = ROOT / "chapters" / "25_subgroups.ipynb"


@pytest.fixture(scope="module")
def chapter():
    return glued(CHAPTER)


@pytest.fixture(scope="module")
def credit():
    """The chapter's split and model (those of the end-to-end chapter), fitted with scikit-learn."""
    data = default_credit()
    group = np.where(data.student[data.test], "student", "non-student")
    return (*data.test_scores(), group)


@pytest.mark.chapters
def test_rates_and_gaps(chapter, credit):
    y, p, group = credit
    flag = (p >= chapter["sg_threshold"]).astype(int)
    for name, label in (("others", "non-student"), ("students", "student")):
        rows = rows_by_hand(y, flag, group, "tpr")[label]
        assert (chapter[f"sg_n_{name}"], chapter[f"sg_pos_{name}"]) == rows[:2]
        assert close(rows[2], chapter[f"sg_tpr_{name}"])
        low, high = proportion_confint(rows[3], rows[4], alpha=1 - chapter["sg_level"],
                                       method="wilson")
        assert close(low, chapter[f"sg_tpr_{name}_low"]) and close(high, chapter[f"sg_tpr_{name}_high"])
        assert close(rows_by_hand(y, flag, group, "fpr")[label][2], chapter[f"sg_fpr_{name}"])
        assert close(rows_by_hand(y, flag, group, "ppv")[label][2], chapter[f"sg_ppv_{name}"])
    assert close(equalized_odds_difference(y, flag, sensitive_features=group), chapter["sg_eo_gap"])
    assert close(demographic_parity_difference(y, flag, sensitive_features=group),
                 chapter["sg_dp_gap"])
    ppv = MetricFrame(metrics=precision_score, y_true=y, y_pred=flag, sensitive_features=group)
    assert close(ppv.difference(), chapter["sg_pp_gap"])
    # the prose: students caught and wrongly flagged more often, a flag meaning nearly the
    # same; each group's TPR inside the other's interval; the gap is the TPR gap
    assert chapter["sg_tpr_students"] > chapter["sg_tpr_others"]
    assert chapter["sg_fpr_students"] > chapter["sg_fpr_others"]
    assert chapter["sg_pp_gap"] < 0.01 < chapter["sg_eo_gap"] == chapter["sg_tpr_gap"]
    assert chapter["sg_tpr_students_low"] < chapter["sg_tpr_others"] < chapter["sg_tpr_students_high"]
    assert chapter["sg_tpr_others_low"] < chapter["sg_tpr_students"] < chapter["sg_tpr_others_high"]


@pytest.mark.chapters
def test_bayes_calibration_and_exercises(chapter, credit):
    y, p, group = credit
    flag = p >= chapter["sg_threshold"]
    prevalence = {g: y[group == g].mean() for g in ("non-student", "student")}
    tpr, fpr = chapter["sg_tpr_all"], chapter["sg_fpr_all"]
    assert close(tpr, y[flag].sum() / y.sum())
    for name, label in (("others", "non-student"), ("students", "student")):
        pi = prevalence[label]
        assert close(pi * tpr / (pi * tpr + (1 - pi) * fpr), chapter[f"sg_ppv_eq_{name}"])
        # calibrated in the large within the noise; balance fails
        assert chapter[f"sg_bias_{name}_low"] < 0 < chapter[f"sg_bias_{name}_high"]
        assert close(p[group == label].mean() - pi, chapter[f"sg_bias_{name}"])
    assert chapter["sg_ppv_eq_students"] > chapter["sg_ppv_eq_others"]
    assert chapter["sg_mean_not_students"] > chapter["sg_mean_not_others"]
    assert chapter["sg_mean_def_students"] > chapter["sg_mean_def_others"]
    # exercise 1: a perfect classifier's demographic parity gap is the prevalence gap
    assert chapter["ex1_eo"] == chapter["ex1_pp"] == 0
    assert close(prevalence["student"] - prevalence["non-student"], chapter["ex1_dp"])
    # exercise 2: own thresholds shrink the equalised odds gap and widen the PPV gap
    assert chapter["ex2_eo"] < chapter["sg_eo_gap"] and chapter["ex2_pp"] > 10 * chapter["sg_pp_gap"]


@pytest.mark.chapters
def test_small_clinic_simulation_redrawn_with_numpy(chapter):
    """The chapter's rng draws only the clinics: redraw them in its order."""
    code = "\n".join(source(c) for c in cells(CHAPTER) if c["cell_type"] == "code")
    assert "rng = np.random.default_rng(0)" in code and code.count("rng.") == 1
    rng, share, shift, cut, n_rep = np.random.default_rng(0), 0.1, 2.0, 1.0, 500

    def draw(sizes):
        ys = [(np.arange(n) < round(share * n)).astype(int) for n in sizes]
        return ys, [rng.normal(shift * y, 1.0) for y in ys]

    ys, ss = draw([2000, 2000, 100])
    hits, ill = int(np.sum(ss[2][ys[2] == 1] >= cut)), int(ys[2].sum())
    low, high = proportion_confint(hits, ill, alpha=1 - chapter["sg_level"], method="wilson")
    assert ill == chapter["sg_sim_c_pos"]
    assert close(low, chapter["sg_sim_c_low"]) and close(high, chapter["sg_sim_c_high"])

    def gaps(sizes):
        out = []
        for _ in range(n_rep):
            ys, ss = draw(sizes)
            tpr = [np.mean(s[y == 1] >= cut) for y, s in zip(ys, ss)]
            fpr = [np.mean(s[y == 0] >= cut) for y, s in zip(ys, ss)]
            out.append(max(max(tpr) - min(tpr), max(fpr) - min(fpr)))
        return np.array(out)
    small, equal = gaps([2000, 2000, 100]), gaps([2000, 2000, 2000])
    assert close(float(np.median(small)), chapter["sg_gap_small_median"])
    assert close(float(np.median(equal)), chapter["sg_gap_equal_median"])
    assert close(float(np.mean(small > chapter["sg_big_gap"])), chapter["sg_gap_small_over"])
    assert close(float(np.mean(equal > chapter["sg_big_gap"])), chapter["sg_gap_equal_over"])
    assert chapter["sg_gap_small_over"] > 10 * chapter["sg_gap_equal_over"]
