"""Data at any size: binned scores with certified bounds (binned, score_bins), the value ranges
Dask's route cuts the scores into (dask_ranges), and the command line (cli). The Dask
functions themselves are the public module evalcore.dask_evaluation.

Private: the API is the flat namespace of :mod:`evalcore` (``import evalcore as ec``).
"""
