"""Drug classes as the formulary writes them, keyed by ATC group.

The book often names an interacting agent by its class, not by its name: "thuốc chống
đông coumarin", "thuốc ức chế MAO", "thuốc chống viêm không steroid". A drug belongs to
a class through the ATC codes its own monograph carries (the corpus's `atc` field), so
nothing here is listed per drug: warfarin (B01AA03) is read into the lines that say
"coumarin" because B01AA is the vitamin K antagonist group. Users type classes too
("dùng với thuốc ức chế MAO"); `classes_named` finds them in a question.

Terms are matched folded and as whole words (core.text.contains_phrase). A term is never
a monograph's own name ("heparin", "insulin"): a drug named is matched by its name, and
"bệnh nhân hemophilia có dùng heparin được không" names no class.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from core.text import fold


@dataclass(frozen=True, slots=True)
class DrugClass:
    """One class: the ATC prefixes of its members and the words the book uses for it."""

    key: str
    atc_prefixes: tuple[str, ...]
    terms: tuple[str, ...]


CLASSES: tuple[DrugClass, ...] = (
    DrugClass(
        "vitamin_k_antagonist",
        ("B01AA",),
        (
            "coumarin",
            "kháng vitamin K",
            "thuốc chống đông",
            "chống đông máu",
            "chống đông đường uống",
        ),
    ),
    DrugClass("heparin_group", ("B01AB",), ("thuốc chống đông", "chống đông máu")),
    DrugClass(
        "antiplatelet",
        ("B01AC",),
        ("ức chế kết tập tiểu cầu", "chống kết tập tiểu cầu", "thuốc chống tiểu cầu"),
    ),
    DrugClass(
        "nsaid",
        ("M01A", "N02BA"),
        ("chống viêm không steroid", "kháng viêm không steroid", "NSAID", "NSAIDs", "CVKS"),
    ),
    DrugClass("salicylate", ("N02BA", "B01AC06"), ("salicylat",)),
    DrugClass(
        "maoi",
        ("N06AF", "N06AG", "N04BD"),
        ("ức chế MAO", "IMAO", "MAOI", "ức chế monoamin oxidase", "ức chế monoaminoxidase"),
    ),
    DrugClass(
        "ssri", ("N06AB",), ("ức chế tái hấp thu serotonin", "SSRI", "tái thu hồi serotonin")
    ),
    DrugClass("tricyclic", ("N06AA",), ("chống trầm cảm ba vòng", "chống trầm cảm 3 vòng")),
    DrugClass("macrolide", ("J01FA",), ("macrolid", "macrolide")),
    DrugClass("fluoroquinolone", ("J01MA",), ("fluoroquinolon", "quinolon")),
    DrugClass("aminoglycoside", ("J01G",), ("aminoglycosid",)),
    DrugClass("cephalosporin", ("J01DB", "J01DC", "J01DD", "J01DE"), ("cephalosporin",)),
    DrugClass("penicillin", ("J01C",), ("penicilin", "beta-lactam")),
    DrugClass("azole_antifungal", ("J02AC",), ("kháng nấm nhóm azol", "thuốc chống nấm azol")),
    DrugClass("corticosteroid", ("H02AB",), ("corticosteroid", "glucocorticoid", "corticoid")),
    DrugClass(
        "loop_diuretic",
        ("C03CA",),
        ("lợi tiểu quai", "lợi niệu quai", "thuốc lợi tiểu", "thuốc lợi niệu"),
    ),
    DrugClass("thiazide", ("C03AA", "C03BA"), ("thiazid", "thuốc lợi tiểu", "thuốc lợi niệu")),
    DrugClass(
        "potassium_sparing",
        ("C03DA", "C03DB"),
        (
            "lợi tiểu giữ kali",
            "lợi niệu giữ kali",
            "thuốc lợi tiểu",
            "thuốc lợi niệu",
            "kháng aldosteron",
        ),
    ),
    DrugClass(
        "ace_inhibitor",
        ("C09AA", "C09BA"),
        ("ức chế enzym chuyển", "ức chế men chuyển", "ức chế ACE"),
    ),
    DrugClass(
        "angiotensin_receptor_blocker",
        ("C09CA", "C09DA"),
        ("đối kháng thụ thể angiotensin", "chẹn thụ thể angiotensin"),
    ),
    DrugClass("beta_blocker", ("C07",), ("chẹn beta", "chẹn thụ thể beta")),
    DrugClass("calcium_channel_blocker", ("C08",), ("chẹn kênh calci", "đối kháng calci")),
    DrugClass("nitrate", ("C01DA",), ("nitrat", "nitrate")),
    DrugClass("cardiac_glycoside", ("C01AA",), ("glycosid tim", "digitalis")),
    DrugClass("sulfonylurea", ("A10BB",), ("sulfonylure", "sulfonylurê", "sulphonylurea")),
    DrugClass(
        "antidiabetic",
        ("A10",),
        ("thuốc chống đái tháo đường", "thuốc hạ đường huyết", "thuốc hạ glucose huyết"),
    ),
    DrugClass("benzodiazepine", ("N05BA", "N05CD", "N03AE"), ("benzodiazepin",)),
    DrugClass("opioid", ("N02A",), ("opioid", "thuốc giảm đau gây nghiện", "dạng thuốc phiện")),
    DrugClass("antiepileptic", ("N03",), ("thuốc chống động kinh", "thuốc chống co giật")),
    DrugClass("statin", ("C10AA",), ("statin", "ức chế HMG-CoA reductase")),
    DrugClass("proton_pump_inhibitor", ("A02BC",), ("ức chế bơm proton",)),
    DrugClass("antacid", ("A02A",), ("thuốc kháng acid", "antacid")),
    DrugClass("antihistamine", ("R06",), ("kháng histamin",)),
    DrugClass("thyroid_hormone", ("H03AA",), ("hormon tuyến giáp",)),
    DrugClass("pde5_inhibitor", ("G04BE",), ("ức chế phosphodiesterase",)),
)


# Each term folded and compiled once: `classes_named` runs on user turns.
_TERM_PATTERNS: tuple[tuple[DrugClass, re.Pattern[str]], ...] = tuple(
    (cls, re.compile(r"(?<![0-9a-z])" + re.escape(fold(term)) + r"(?![0-9a-z])"))
    for cls in CLASSES
    for term in cls.terms
)


def classes_of(atc_codes: Iterable[str]) -> tuple[DrugClass, ...]:
    """The classes a drug belongs to by its ATC codes ("B01AA03" → vitamin K antagonists)."""
    codes = [c.replace(" ", "").upper() for c in atc_codes if c]
    return tuple(
        cls
        for cls in CLASSES
        if any(code.startswith(prefix) for code in codes for prefix in cls.atc_prefixes)
    )


def classes_named(text: str) -> tuple[DrugClass, ...]:
    """The classes a text names by one of their terms ("thuốc ức chế MAO" → MAO inhibitors).

    The longest reading wins: "thuốc lợi tiểu giữ kali" names the potassium-sparing class,
    not every diuretic class its words "thuốc lợi tiểu" would also match. Longest first.
    """
    folded = fold(text)
    spans = [
        (m.start(), m.end(), cls)
        for cls, pattern in _TERM_PATTERNS
        for m in pattern.finditer(folded)
    ]
    spans.sort(key=lambda span: span[0] - span[1])
    kept: list[tuple[int, int, DrugClass]] = []
    for start, end, cls in spans:
        shadowed = any(
            s < end and start < e and (e - s) > (end - start) and c is not cls for s, e, c in kept
        )
        if not shadowed:
            kept.append((start, end, cls))
    return tuple(dict.fromkeys(cls for _, _, cls in kept))


def own_terms(cls: DrugClass) -> tuple[str, ...]:
    """A class's terms that no other class shares ("lợi tiểu giữ kali", not "thuốc lợi tiểu")."""
    shared = {fold(t) for other in CLASSES if other is not cls for t in other.terms}
    return tuple(t for t in cls.terms if fold(t) not in shared)


def class_terms(classes: Iterable[DrugClass]) -> tuple[str, ...]:
    """Every term of some classes, once each, in table order."""
    return tuple(dict.fromkeys(t for cls in classes for t in cls.terms))


__all__ = [
    "CLASSES",
    "DrugClass",
    "class_terms",
    "classes_named",
    "classes_of",
    "own_terms",
]
