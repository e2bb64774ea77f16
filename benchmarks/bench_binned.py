"""Binned AUC: how wide the certified bounds are for a number of bins, beside Keras' error.

Run with ``python benchmarks/bench_binned.py [--size 2e6] [--prevalence 0.01]``. Two data
sets of ``size`` scores with ``prevalence`` positives: *skewed* scores near 0.004 (binormal in
logit around logit(0.004), so most fall below Keras' first inner threshold 1/199) at three
separations, and *spread* scores (the sigmoid of a binormal around 0). For each, the exact
AUC (``ec.roc_auc``) and Keras' 200-threshold AUC (``thresholded_auc``: the ``>`` rule, the
interpolated trapezoid) with its error; then, for bins chosen evenly in probability, in logit
and from the quantiles of a 100,000-score sample, the width of the bounds that certainly hold
the exact AUC and the midpoint's actual error; then the second pass (``refine``) of Keras' buckets
to a width of 0.001, exact (one bin per distinct score of the bins it refines) or by even
splits (100 per bin and pass), and how many bins each keeps. Nothing is timed; the numbers are what they
are on this seed.
"""

from __future__ import annotations

import argparse

import numpy as np

import evalcore as ec
from evalcore.scale.binned import BinnedScoreCounts
from evalcore.scale.score_bins import score_bin_edges, thresholded_auc

BINS = (10, 100, 199, 1000, 10000)
SPACINGS = ("probability", "logit", "quantile")


def skewed(n: int, prevalence: float, separation: float, seed: int = 0):
    """Scores near 0.004: logit ~ N(logit(0.004), 0.3²), positives shifted by
    ``separation`` standard deviations."""
    rng = np.random.default_rng(seed)
    label = (rng.random(n) < prevalence).astype(np.int8)
    logit = np.log(0.004 / 0.996) + 0.3 * (rng.normal(size=n) + separation * label)
    return label, 1 / (1 + np.exp(-logit))


def spread(n: int, prevalence: float, separation: float, seed: int = 0):
    """Probabilities spread over (0, 1): the sigmoid of N(0, 1), positives shifted."""
    rng = np.random.default_rng(seed)
    label = (rng.random(n) < prevalence).astype(np.int8)
    return label, 1 / (1 + np.exp(-(rng.normal(size=n) + separation * label)))


def report(name: str, label: np.ndarray, score: np.ndarray, sample_size: int) -> None:
    exact_counts = ec.ScoreCounts.from_arrays(label, score)
    exact = exact_counts.roc_auc()
    keras = thresholded_auc(label, score)
    below = float(np.mean(score <= 1 / 199))
    print(f"\n{name}: n = {label.size:,}, {int(label.sum()):,} positives, "
          f"{below:.0%} of scores at or below 1/199")
    print(f"  exact AUC {exact:.4f}   Keras (200 thresholds) {keras:.4f}   "
          f"error {keras - exact:+.4f}")
    sample = np.random.default_rng(1).choice(score, size=min(sample_size, score.size),
                                             replace=False)
    header = f"  {'bins':>6} {'spacing':<12} {'lower':>7} {'upper':>7} {'width':>7} " \
             f"{'midpoint error':>15}"
    print(header)
    for n_bins in BINS:
        for spacing in SPACINGS:
            edges = score_bin_edges(None if spacing == "probability" else sample,
                                    n_bins=n_bins, spacing=spacing)
            bounds = BinnedScoreCounts.from_score_counts(exact_counts, edges=edges).auc()
            assert bounds.low <= exact <= bounds.high
            print(f"  {len(edges) + 1:>6} {spacing:<12} {bounds.low:>7.4f} {bounds.high:>7.4f} "
                  f"{bounds.width:>7.4f} {bounds.estimate - exact:>+15.5f}")
    keras_bins = BinnedScoreCounts.from_score_counts(
        exact_counts, edges=score_bin_edges(n_bins=199, spacing="probability"))
    for split in (None, 100):
        refined = keras_bins.refine(label, score, width=0.001, split=split)
        how = "exact bins" if split is None else f"split={split}"
        print(f"  Keras' 199 buckets refined to width <= 0.001 ({how}): width "
              f"{refined.auc().width:.5f}, {refined.n_bins:,} bins "
              f"(of {len(exact_counts):,} distinct scores)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=float, default=2e6)
    parser.add_argument("--prevalence", type=float, default=0.01)
    parser.add_argument("--sample", type=int, default=100_000)
    args = parser.parse_args()
    n = int(args.size)
    for separation in (0.2, 0.5, 0.8):          # exact AUCs 0.56, 0.64, 0.71: the range
        label, score = skewed(n, args.prevalence, separation)
        report(f"skewed, separation {separation}", label, score, args.sample)
    label, score = spread(n, args.prevalence, 1.0)
    report("spread, separation 1.0", label, score, args.sample)


if __name__ == "__main__":
    main()
