"""placeholder"""
from .heuristic import HeuristicBot


class ExpertBot(HeuristicBot):
    name = "expert"
    description = "search: samples the unseen cards and plays them out"
