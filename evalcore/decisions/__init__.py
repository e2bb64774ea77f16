"""From scores to decisions: costs and the thresholds they choose (costs), thresholds under a
constraint or for the best F-beta (threshold_choices), the ROC convex hull and cost curves, gain,
lift and capacity, decision curves, predictive values under another prevalence, thresholds
with a guarantee, rates by subgroup (subgroups) and the fairness gaps between groups
(fairness).

Private: the API is the flat namespace of :mod:`evalcore` (``import evalcore as ec``).
"""
