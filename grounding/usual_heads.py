"""Heads that name which dose a row is and then whom or what case it is for ("Liều duy trì
thông thường X ở người lớn:", "… trong suy tim sung huyết:"), read on their folding."""

from __future__ import annotations

from collections.abc import Callable

from grounding.book.vocabulary import USUAL_DOSE

MAX_USUAL_FOR_WHO_WORDS = 3


def _usual_then(folded: str, said: Callable[[list[str]], bool]) -> bool:
    """A usual-dose head, up to three plain words, then words `said` accepts."""
    usual = USUAL_DOSE.match(folded)
    if usual is None or not folded[usual.end() :].startswith(" "):
        return False
    words = folded[usual.end() + 1 :].split(" ")
    for skipped in range(MAX_USUAL_FOR_WHO_WORDS + 1):
        if skipped and (skipped > len(words) or not _plain_word(words[skipped - 1])):
            return False
        if said(words[skipped:]):
            return True
    return False


def _for_someone(rest: list[str]) -> bool:
    said = 2 if rest[:2] == ["dung", "cho"] else 1 if rest[:1] in (["o"], ["cho"]) else 0
    return bool(said) and len(rest) > said and "a" <= rest[said][:1] <= "z"


def usual_for_who(folded: str) -> bool:
    """A usual maintenance dose of a drug "ở người lớn:" heads the adult rows, like "Người
    lớn:": a usual-dose head, up to three words, then "ở", "cho" or "dùng cho" and a word."""
    return _usual_then(folded, _for_someone)


def usual_during(folded: str) -> bool:
    """ "Liều duy trì thông thường X trong suy tim sung huyết:" under the heart-failure head
    names which of that indication's doses a row is, not an indication of its own."""
    return _usual_then(folded, lambda rest: rest[:1] == ["trong"] and len(rest) > 1)


def _plain_word(word: str) -> bool:
    return bool(word) and all("a" <= c <= "z" for c in word)


__all__ = ["MAX_USUAL_FOR_WHO_WORDS", "usual_during", "usual_for_who"]
