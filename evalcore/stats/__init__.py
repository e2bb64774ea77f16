"""Uncertainty and tests: the one resampling engine (resampling), DeLong's variance and tests
(delong), the AUC's intervals (auc_intervals), bootstrap intervals, permutation tests, pROC's rate intervals, sample sizes, and
the comparison of models over resamples and data sets (protocol).

Private: the API is the flat namespace of :mod:`evalcore` (``import evalcore as ec``).
"""
