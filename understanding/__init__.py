"""Understanding: turning one Vietnamese user turn into a `QueryFrame` (rules or a model)."""

from understanding.drugs import DrugMatcher, DrugMention
from understanding.rules import RulesUnderstander
from understanding.text import Turn, clean

__all__ = ["DrugMatcher", "DrugMention", "RulesUnderstander", "Turn", "clean"]
