"""Understanding: turning one Vietnamese user turn into a `QueryFrame` (rules or a model)."""

from engine.understanding.drugs import DrugMatcher, DrugMention
from engine.understanding.rules import RulesUnderstander
from engine.understanding.text import Turn, clean, fold

__all__ = ["DrugMatcher", "DrugMention", "RulesUnderstander", "Turn", "clean", "fold"]
