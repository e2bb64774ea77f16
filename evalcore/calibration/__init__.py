"""Calibration: the reliability curve and its binning (reliability), and the measures of
miscalibration with their intervals (measures).

Private: the API is the flat namespace of :mod:`evalcore` (``import evalcore as ec``).
"""
