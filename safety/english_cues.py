"""Safety cues typed in English inside a Vietnamese turn ("bé 3 tuổi ate like 8 tablets",
"i just wanna disappear"): some parents and young people mix the two languages, most of all
when they are scared. Pattern tuples only; `safety.safety_cues` and `safety.self_harm_cues`
add them to their lists, so they match like every other cue."""

from __future__ import annotations

_UNITS = (
    r"(?:tabs?|tablets?|pills?|capsules?|caps|sachets?|bottle|pack|packet|box|strips?|blisters?"
    r"|sheets?|vials?)"
)
_MANY = (
    r"(?:[2-9]|\d{2,}|a few|some|several|many|all|half|the whole|a whole|a bunch of"
    r"|a handful of)"
)

INGESTION_EN: tuple[str, ...] = (
    # what a child gets into: any count beyond one ("ate 3 of the pills", "chewed some tabs")
    r"(?:ate|eaten|eat|chewed|swallowed|got into) (?:\w+ ){0,3}?"
    + _MANY
    + r" (?:\S+ ){0,3}?"  # "5 of grandma's pills"
    + _UNITS,
    # taken: a count no dose reaches ("took like 20 pills", "drank the whole bottle")
    r"(?:took|taken|drank|popped|downed) (?:\w+ ){0,3}?"
    r"(?:[5-9]|\d{2,}|a bunch of|a handful of|all|the whole|a whole) (?:\w+ ){0,3}?" + _UNITS,
    r"overdos(?:ed|ing)",
    # a multiple of the dose ("my dad took 3x his lasix dose", "gave her double the dose")
    r"(?:took|taken|had|gave|given|drank) (?:\w+ ){0,3}?(?:[2-9] ?x|[2-9] times|double|triple|"
    r"twice|thrice) (?:\w+ ){0,3}?(?:dose|doses|dosage|amount)",
    r"(?:took|taken|had|gave|given|drank) (?:\w+ )?(?:way )?too (?:many|much)",
)
"""An ingestion told in English: a child's, or a count far beyond a dose."""

SELF_HARM_EN: tuple[str, ...] = (
    r"(?:wanna|want to|going to|gonna) (?:just )?(?:disappear|die|end it|end my life|kill myself)",
    r"kill (?:myself|my self)",
    r"(?<!\d)(?<!\d )kms",  # "kill myself" as typed in a chat; not kilometres after a number
    r"sewer ?slide|su[i1]c[i1]d(?:e|al)",  # the word as spelled to get past a filter
    r"end (?:it all|my life)",
    r"(?:to |and )?(?:just )?(?:not|never) wake up",
    r"how (?:many|much) (?:\w+ ){0,3}?(?:is|are|would be|to be) (?:enough|lethal|fatal)"
    r"(?=$|[,.!?])",
    r"how (?:many|much) (?:\w+ ){0,3}?to (?:die|end it|kill)",
    # "bao nhiêu viên là enough": a count "enough" for what, in the English word
    r"(?:bao nhiêu|mấy) (?:viên|vỉ|lọ) (?:\w+ ){0,2}?(?:là |thì )?enough",
)
"""Intent to die or a lethal amount asked, in English."""
