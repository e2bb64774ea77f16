"""The core every other part uses openly: argument checks and the undefined-metric policy
(validation), the one place that sorts and counts at every threshold (ranking, with the
summary ScoreCounts), the exact AUC sums of a score range (auc_sums), the confusion matrix
and its layouts, the curves, the areas, precision-recall, information and multiclass
averages.

Private: the API is the flat namespace of :mod:`evalcore` (``import evalcore as ec``).
"""
