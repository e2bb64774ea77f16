"""Chapter 16 (evaluating at scale): the numbers it glues, recomputed without evalcore's code.

Keras' 200-threshold AUC is recounted threshold by threshold in a loop (the rule
``score > threshold``, straight lines between the points, as Keras documents it); the exact AUC
comes from scikit-learn; the width of the binned bounds is recounted bin by bin as the share of
positive-negative pairs that share a bin with two distinct scores. Each is compared with the
value the stored notebook glued, to the tolerance of stored_outputs.py, and with what the prose
says about it (Keras' number is the midpoint of its buckets' bounds, quantile bins give a width
near 1/k, spread scores keep the exact AUC and bring Keras' number close).
"""

from __future__ import annotations


import numpy as np
import pytest
from sklearn.metrics import roc_auc_score

import evalcore as ec
from conftest import ROOT
from notebook_cells import cells, glued, source
from stored_outputs import close

CH16 = ROOT / "chapters" / "26_at_scale.ipynb"
N = 300_000


@pytest.fixture(scope="module")
def data():
    """The chapter's cases, drawn as its code cell draws them (the rng of its imports cell)."""
    code = "\n".join(source(c) for c in cells(CH16) if c["cell_type"] == "code")
    assert "rng = np.random.default_rng(0)" in code and "n = 300_000" in code
    rng = np.random.default_rng(0)
    y = (rng.random(N) < 0.01).astype(np.int8)
    z = rng.normal(size=N)
    s = 1 / (1 + np.exp(-(np.log(0.004 / 0.996) + 0.3 * (z + 0.5 * y))))
    return y, z, s


@pytest.fixture(scope="module")
def g():
    return glued(CH16)


def keras_auc_by_loop(y, s, num_thresholds=200):
    """Keras' AUC written out: thresholds -eps, i/(k-1), 1+eps; TP and FP with score > t."""
    eps = 1e-7
    thresholds = [-eps] + [i / (num_thresholds - 1) for i in range(1, num_thresholds - 1)] \
        + [1 + eps]
    positives, negatives = s[y == 1], s[y == 0]
    tpr = [np.count_nonzero(positives > t) / positives.size for t in thresholds]
    fpr = [np.count_nonzero(negatives > t) / negatives.size for t in thresholds]
    area = 0.0
    for i in range(num_thresholds - 1):
        area += (fpr[i] - fpr[i + 1]) * (tpr[i] + tpr[i + 1]) / 2
    return area


def width_by_loop(y, s, edges):
    """The share of positive-negative pairs inside one bin holding two distinct scores."""
    bins = np.searchsorted(edges, s, side="right")       # bin j: [edges[j-1], edges[j])
    unknown = 0
    for b in np.unique(bins):
        inside = bins == b
        if np.unique(s[inside]).size > 1:
            unknown += int(np.count_nonzero(y[inside])) * int(np.count_nonzero(1 - y[inside]))
    return unknown / (int(y.sum()) * int((1 - y).sum()))


def test_the_data_and_the_exact_auc(data, g):
    y, _, s = data
    assert g["n_cases"] == f"{N:,}" and g["n_positives"] == f"{int(y.sum()):,}"
    assert close(roc_auc_score(y, s), g["exact_auc"])
    assert close(float(np.mean(s <= 1 / 199)), g["share_below"])
    assert g["share_below"] > 0.5                   # "a single bucket holds most of the data"
    assert g["n_distinct"] == f"{np.unique(s).size:,}"


def test_keras_number_recounted_and_it_is_the_midpoint_of_its_bounds(data, g):
    y, _, s = data
    keras = keras_auc_by_loop(y, s)
    assert close(keras, g["keras_auc"])
    assert close(keras - roc_auc_score(y, s), g["keras_error"])
    width = width_by_loop(y, s, np.arange(1, 199) / 199)
    assert close(width, g["keras_upper"] - g["keras_lower"])
    assert abs((g["keras_lower"] + g["keras_upper"]) / 2 - keras) < 1e-9
    assert g["keras_lower"] <= g["exact_auc"] <= g["keras_upper"]
    assert close(g["keras_midpoint"], keras)


def test_bound_widths_against_bins(data, g):
    y, _, s = data
    for n_bins, name in ((100, "width_prob_100"), (1000, "width_prob_1000")):
        assert close(width_by_loop(y, s, np.arange(1, n_bins) / n_bins), g[name])
    for n_bins in (10, 100, 1000):
        edges = ec.score_bin_edges(s, n_bins=n_bins, spacing="quantile")
        width = width_by_loop(y, s, edges)
        assert close(width, g[f"width_quant_{n_bins}"])
        assert abs(width * n_bins - 1) < 0.02           # "close to 1/k for k bins"
    assert g["width_logit_100"] < g["width_prob_100"] / 10
    assert g["even_split_width"] <= 0.001


def test_exercise_1_spread_scores(data, g):
    y, z, _ = data
    spread = 1 / (1 + np.exp(-(z + 0.5 * y)))
    assert close(roc_auc_score(y, spread), g["ex1_exact"]) and g["ex1_same"] == "the same"
    assert close(keras_auc_by_loop(y, spread) - roc_auc_score(y, spread), g["ex1_keras_error"])
    assert close(width_by_loop(y, spread, np.arange(1, 199) / 199), g["ex1_width"])


def test_the_routes_agree(g):
    assert g["stream_verdict"] == "identical, bit for bit"
    assert g["dask_verdict"] == "equal, bit for bit"
    assert g["cli_verdict"] == "the same"                            # evalcore auc --json
    assert g["ex3_verdict"].startswith("equal") and close(g["ex3_auc"], g["exact_auc"])
    assert g["seven_auc_table"] == g["seven_auc_rows"] == 11 / 12    # the slides' 11/12
