"""Map third-party formulary extracts (fields `drug`, `drug_inn`, `section`, …) onto our records.

Used only to evaluate against the evaluation-only files under ../shared/corpus-candidates;
nothing from them is ever copied into the project.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from rapidfuzz import fuzz

from core.names import spelling
from core.text import fold
from retrieval.corpus import slugify

# Flags meaning the text may not belong to this drug: load it, but as "check the book".
QUARANTINE_FLAGS = frozenset({"possible_other_drug_content"})

_PAREN = re.compile(r"\(([^()]+)\)")


def is_candidate_record(obj: Mapping[str, Any]) -> bool:
    """True for the third-party shape (has `drug` and `section`, lacks our `drug_id`)."""
    return "drug_id" not in obj and "drug" in obj and ("section" in obj or "section_key" in obj)


# The edition note a scraped monograph ends with ("Nguồn: Dược Thư 2012") is provenance,
# not text of the section it was appended to.
_EDITION_LINE = re.compile(r"(?im)^[ \t*_]*Nguồn\s*:\s*Dược(?:\s|\xa0)*Thư[^\n]*\n?")


def _inn_key(inn: str) -> str:
    """An INN as spelled in either language ("Amoxicilin" = "Amoxicillin")."""
    return " ".join(spelling(w) for w in fold(inn).split())


def inn_owners(objs: Iterable[Mapping[str, Any]]) -> dict[str, str]:
    """For an INN a file gives to monographs of different names ("Clonidin" and "Cloroquin"
    both marked clonidine; "Ampicilin" marked amoxicilin): the one name it belongs to, the
    closest spelled. The others' INN is wrong and names no drug id."""
    names: dict[str, set[str]] = {}
    for obj in objs:
        inn = str(obj.get("drug_inn") or "").strip()
        if inn:
            names.setdefault(_inn_key(inn), set()).add(str(obj.get("drug") or "").strip())
    return {
        key: max(found, key=lambda name: (fuzz.ratio(fold(name), key), name))
        for key, found in names.items()
        if len(found) > 1
    }


def map_candidate(
    obj: Mapping[str, Any], part_index: int = 0, *, inn_owner: Mapping[str, str] | None = None
) -> dict[str, Any]:
    """Our record fields for one third-party record; validation happens in `CorpusRecord`.

    The drug id is the slug of the INN when there is one (stable across editions),
    else of the printed name; a parenthesised name ("(Aspirin)") becomes an alias. An INN
    the file shares between names (`inn_owners`) counts only for the name it belongs to.
    """
    name = str(obj.get("drug") or "").strip()
    inn = str(obj.get("drug_inn") or "").strip()
    owner = (inn_owner or {}).get(_inn_key(inn)) if inn else None
    if owner is not None and owner != name:
        inn = ""
    aliases = [a.strip() for a in _PAREN.findall(name) if a.strip()]
    if inn and inn.casefold() != name.casefold():
        aliases.append(inn)
    flags = tuple(str(f) for f in obj.get("quality_flags") or ())
    source = str(obj.get("edition") or obj.get("edition_note") or obj.get("corpus") or "")
    repo = obj.get("source_repo")
    if repo:
        source = f"{source} ({repo})" if source else str(repo)
    page = obj.get("page")
    section_title = str(obj.get("section") or obj.get("section_canonical") or "")
    return {
        "drug_id": slugify(inn or name),
        "drug_name": name,
        "inn": inn,
        "aliases": aliases,
        "atc": obj.get("atc"),
        "section_key": obj.get("section_key") or section_title,
        "section_title": str(obj.get("section_canonical") or section_title),
        "part_index": part_index,
        "text": _EDITION_LINE.sub("", str(obj.get("text") or "")).strip(),
        "page_start": page if isinstance(page, int) else None,
        "page_end": page if isinstance(page, int) else None,
        "source": source,
        "quarantined": bool(QUARANTINE_FLAGS.intersection(flags)),
        "flags": flags,
    }


__all__ = ["QUARANTINE_FLAGS", "inn_owners", "is_candidate_record", "map_candidate"]
