"""The command line's three routes: each evaluates the files and returns one result.

* ``memory`` (:func:`evaluate_memory`): the files are read column by column and batch by batch
  (pyarrow batches, pandas chunks, small files' rows put together) into exact
  :class:`~evalcore.ScoreCounts` summaries, merged a few at a time
  (:meth:`~evalcore.ScoreCounts.merge`), so memory holds the distinct scores, not the rows
  (with ``--compare`` the three columns' rows are kept: the paired test needs each case);
* ``dask`` (:func:`evaluate_dask`): :mod:`evalcore.dask_evaluation` on
  ``dask.dataframe.read_parquet`` / ``read_csv``, on the default scheduler or on the
  ``distributed`` client already running, in as many value ranges as the library chooses;
* ``binned`` (:func:`evaluate_binned`): two streaming passes (a uniform sample of scores for the
  quantile cut points, then the counts per bin): memory is the number of bins whatever the
  data's size.

The three take the same arguments ``(args, paths, kinds, progress)`` and return the same
result, a dict of the numbers to report and the curves to write (``"roc"``, ``"pr"``: the
points of :mod:`evalcore.scale.curve_thinning`'s rule, the same on every route; the binned
route adds its bounds and ``n_bins``), so :func:`evalcore.scale.cli.main` picks one by name and
neither the report nor the outputs (:mod:`evalcore.scale.cli_outputs`) know which ran. The cut
falls at that result: how the files are found, read and checked is in
:mod:`evalcore.scale.cli_inputs`, which route to take too; what becomes of the result is not
here.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from typing import Any

import numpy as np

from ..core.areas import roc_auc
from ..stats.auc_intervals import delong_interval_from_sums
from ..stats.delong import delong_test
from .binned import BinnedScoreCounts
from .cli_errors import CliError, one_line
from .cli_inputs import (BATCH_ROWS, LabelCheck, finite_scores, nonfinite_error,
                         positive_label, read_batches, text_score_error)
from .curve_thinning import precision_recall_from_counts, roc_from_counts, thinned_counts
from .score_bins import score_bin_edges
from .score_counts import ScoreCounts, summarize_validated

#: Scores sampled (uniformly, without replacement) to place the quantile cut points of --bins.
SAMPLE_SIZE = 200_000


def evaluate_memory(args, paths, kinds, progress) -> dict[str, Any]:
    """The memory route: each batch's ScoreCounts, merged at once (rows kept for --compare)."""
    labels = LabelCheck(args.label, args.pos_label)
    if args.compare:
        kept = [(labels.encode(path, batch[args.label]),
                 finite_scores(path, kinds[path], args.score, batch[args.score]),
                 finite_scores(path, kinds[path], args.compare, batch[args.compare]))
                for path in paths
                for batch in read_batches(path, kinds[path],
                                          [args.label, args.score, args.compare], progress)]
        truth, score, other = (np.concatenate(parts) for parts in zip(*kept)) if kept else \
            (np.empty(0, np.int8), np.empty(0), np.empty(0))
        counts = ScoreCounts.from_arrays(truth, score)
    else:
        counts = ScoreCounts.merge(batch_summaries(args, paths, kinds, progress, labels))
    labels.finish(counts.n_pos, counts.n_neg, paths)
    result = summary_from_counts(counts, args)
    if args.compare:
        result.update(comparison(delong_test(truth, score, other, level=args.level),
                                 roc_auc(truth, other)))
    return result


def batch_summaries(args, paths, kinds, progress, labels: LabelCheck) -> Iterator[ScoreCounts]:
    """The exact summaries of the files' rows, their labels and scores checked batch by batch:
    one summary per :data:`~evalcore.scale.cli_inputs.BATCH_ROWS` rows or so, small files'
    rows put together first (one sort of a million rows costs far less than a merge of a
    hundred small summaries). :meth:`~evalcore.ScoreCounts.merge` adds them up a few at a
    time: merged one by one into a growing total, 2·10⁶ rows took 17 s from 128 files against
    1 s from one."""
    waiting: list[tuple[np.ndarray, np.ndarray]] = []
    rows = 0
    for path in paths:
        for batch in read_batches(path, kinds[path], [args.label, args.score], progress):
            score = finite_scores(path, kinds[path], args.score, batch[args.score])
            waiting.append((labels.encode(path, batch[args.label]), score))
            rows += score.shape[0]
            if rows >= BATCH_ROWS:
                yield summarize_validated(*(np.concatenate(parts) for parts in zip(*waiting)))
                waiting, rows = [], 0
    if waiting:
        yield summarize_validated(*(np.concatenate(parts) for parts in zip(*waiting)))


def summary_from_counts(counts: ScoreCounts, args) -> dict[str, Any]:
    """AUC, DeLong interval, AP, counts and curves of one exact summary."""
    result: dict[str, Any] = {"auc": counts.roc_auc(),
                              "average_precision": counts.average_precision(),
                              "n_pos": counts.n_pos, "n_neg": counts.n_neg}
    if args.ci:
        interval = counts.roc_auc_ci(level=args.level, method="delong")
        result.update(ci_low=interval.low, ci_high=interval.high)
    result.update(curves(counts, args))
    return result


def curves(counts, args, bin_lowest: np.ndarray | None = None) -> dict[str, Any]:
    """The curves asked for (``"roc"``, ``"pr"``) of an exact summary: the points that
    ``--max-points`` keeps (:mod:`evalcore.scale.curve_thinning`, the Dask route's rule too),
    as the columns written. ``bin_lowest``: the summary counts bins (--bins), whose
    thresholds are written as each bin's lowest score."""
    if not (args.roc_csv or args.pr_csv or args.plot):
        return {}
    thresholds, tps, fps = thinned_counts(counts, args.max_points)
    if bin_lowest is not None:
        thresholds = bin_thresholds(thresholds, bin_lowest)
    found: dict[str, Any] = {}
    if args.roc_csv or args.plot:
        fpr, tpr, roc_thresholds = roc_from_counts(thresholds, tps, fps, n_pos=counts.n_pos,
                                                   n_neg=counts.n_neg)
        found["roc"] = {"threshold": roc_thresholds, "fpr": fpr, "tpr": tpr}
    if args.pr_csv or args.plot:
        precision, recall, pr_thresholds = precision_recall_from_counts(
            thresholds, tps, fps, n_pos=counts.n_pos)
        found["pr"] = {"threshold": np.append(pr_thresholds, np.nan), "precision": precision,
                       "recall": recall}
    return found


def comparison(test, other_auc: float) -> dict[str, Any]:
    """The JSON fields of DeLong's paired test."""
    return {"auc_compare": other_auc, "difference": test.difference,
            "difference_low": test.low, "difference_high": test.high,
            "statistic": test.statistic, "p_value": test.pvalue}


def evaluate_binned(args, paths, kinds, progress) -> dict[str, Any]:
    """The binned route: a uniform sample of the scores places the quantile cut points (pass
    1), then the counts per bin (pass 2); the bounds contain the exact AUC."""
    rng = np.random.default_rng(0)
    sample, keys = np.empty(0), np.empty(0)
    for path in paths:      # bottom-k of random keys: a uniform sample without replacement
        for batch in read_batches(path, kinds[path], [args.score], progress):
            score = finite_scores(path, kinds[path], args.score, batch[args.score])
            keys = np.concatenate([keys, rng.random(score.shape[0])])
            sample = np.concatenate([sample, score.astype(np.float64)])
            if keys.shape[0] > SAMPLE_SIZE:
                keep = np.argpartition(keys, SAMPLE_SIZE)[:SAMPLE_SIZE]
                keys, sample = keys[keep], sample[keep]
    if progress:
        progress.next_pass()
    edges = score_bin_edges(sample, n_bins=args.bins) if sample.size else np.empty(0)
    binned = BinnedScoreCounts(edges)
    labels = LabelCheck(args.label, args.pos_label)
    for path in paths:
        for batch in read_batches(path, kinds[path], [args.label, args.score], progress):
            score = finite_scores(path, kinds[path], args.score, batch[args.score])
            binned.update(labels.encode(path, batch[args.label]), score)
    labels.finish(binned.n_pos, binned.n_neg, paths)
    bounds, ap_bounds = binned.auc(), binned.average_precision()
    result: dict[str, Any] = {
        "auc": bounds.estimate, "auc_lower": bounds.low, "auc_upper": bounds.high,
        "average_precision": ap_bounds.estimate, "average_precision_lower": ap_bounds.low,
        "average_precision_upper": ap_bounds.high, "n_pos": binned.n_pos,
        "n_neg": binned.n_neg, "n_bins": binned.n_bins}
    if args.ci:     # DeLong's interval of the binned AUC (each bin's scores read as ties)
        interval = binned.counts.roc_auc_ci(level=args.level, method="delong")
        result.update(ci_low=interval.low, ci_high=interval.high)
    result.update(curves(binned.counts, args, binned.low))  # exact at a bin's lowest score
    return result


def bin_thresholds(indices: np.ndarray, lowest: np.ndarray) -> np.ndarray:
    """Thresholds over bin indices as scores: each bin's lowest score (``inf`` kept)."""
    finite = np.isfinite(indices)
    scores = np.array(indices, dtype=np.float64)
    scores[finite] = lowest[indices[finite].astype(np.int64)]
    return scores


def evaluate_dask(args, paths, kinds, progress) -> dict[str, Any]:
    """The Dask route: :mod:`evalcore.dask_evaluation` on the files read by Dask."""
    try:
        import dask.dataframe as dd
        from .. import dask_evaluation as ecd
        from .dask_curves import curves_and_sums
    except ImportError:
        raise CliError("the Dask route (--dask, or data that does not fit in memory) needs "
                       "Dask: pip install evalcore[dask]") from None
    columns = [args.label, args.score] + ([args.compare] if args.compare else [])
    frames = []
    for kind in ("parquet", "csv"):
        group = [path for path in paths if kinds[path] == kind]
        if group:
            read = dd.read_parquet if kind == "parquet" else dd.read_csv
            option = {"columns": columns} if kind == "parquet" else {"usecols": columns}
            frames.append(read(group, **option))
    frame = frames[0] if len(frames) == 1 else dd.concat(frames)
    label, score = frame[args.label], frame[args.score]
    dtype = label.dtype if isinstance(label.dtype, np.dtype) else np.dtype(object)
    pos = positive_label(args.pos_label, np.empty(0, dtype=dtype))
    bar = contextlib.nullcontext()
    if sys.stderr.isatty():     # Dask's own bar, for its local schedulers
        from dask.diagnostics import ProgressBar
        bar = ProgressBar(minimum=1, out=sys.stderr)
    with bar:
        try:
            classes = label.map_partitions(lambda part: part.value_counts().head(3),
                                           meta=(args.label, "int64"))
            counted = classes.compute().groupby(level=0).sum()     # at most 3 per partition
            labels = LabelCheck(args.label, args.pos_label)
            labels.encode(", ".join(paths) if len(paths) <= 3 else f"{len(paths)} files",
                          np.array(counted.index.tolist(), dtype=dtype))
            positive = 1 if pos is None else pos
            n_pos = int(sum(n for value, n in counted.items() if value == positive))
            n_neg = int(counted.sum()) - n_pos
            labels.finish(n_pos, n_neg, paths)
            result: dict[str, Any] = {"n_pos": n_pos, "n_neg": n_neg}
            # the AUC, its interval, AP and both curves from one distributed sort
            roc, pr, sums = curves_and_sums(label, score, pos_label=pos,
                                            max_points=args.max_points)
            result["auc"] = roc.auc
            if args.ci:
                interval = delong_interval_from_sums(sums, args.level)
                result.update(ci_low=interval.low, ci_high=interval.high)
            result["average_precision"] = pr.average_precision
            if args.roc_csv or args.plot:
                result["roc"] = {"threshold": roc.thresholds, "fpr": roc.fpr, "tpr": roc.tpr}
            if args.pr_csv or args.plot:
                result["pr"] = {"threshold": np.append(pr.thresholds, np.nan),
                                "precision": pr.precision, "recall": pr.recall}
            if args.compare:
                other = frame[args.compare]
                result.update(comparison(ecd.delong_test(label, score, other, level=args.level,
                                                         pos_label=pos),
                                         ecd.roc_auc(label, other, pos_label=pos)))
        except CliError:
            raise
        except (ValueError, TypeError, OSError) as exc:     # pyarrow's errors are ValueErrors
            for path in paths:          # name the file and count, if scores are not finite
                for column in columns[1:]:      # or the first row of text
                    error = (nonfinite_error(path, kinds[path], column)
                             or text_score_error(path, kinds[path], column))
                    if error is not None:
                        raise error from None
            raise CliError(f"{', '.join(paths[:3])}{' ...' if len(paths) > 3 else ''}: "
                           f"{one_line(exc)}") from None
    return result
