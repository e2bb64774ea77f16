"""Data at any size: the exact summary, ScoreCounts (score_counts, with its methods in
summary_metrics and summary_decisions), binned scores with certified bounds (binned, the
summary; binned_bounds, what it certifies; score_bins, the edges), the Dask route's inputs,
aligned row for row (dask_inputs), what each partition does (dask_partitions), the value
ranges it cuts the scores into (dask_ranges)
and its thinned curves (dask_curves, by the rule of curve_thinning, which the
command line's routes share), and the command line: cli (the parser, main and the
report) over cli_inputs (the files and the choice of route), cli_routes (the three
evaluations), cli_outputs (the files written) and cli_errors (the one error they raise).
The Dask functions themselves are the public module evalcore.dask_evaluation.

Private: the API is the flat namespace of :mod:`evalcore` (``import evalcore as ec``).
"""
