"""How a condition→drug list fits the patient, from each candidate's own text.

Two pure readings, used before and after list generation:

- age limits: a contraindication ("Trẻ em dưới 16 tuổi …", "Trẻ sơ sinh.") or a refusal
  in the dosing text ("Không khuyến cáo cho trẻ dưới 2 tuổi") that the patient's age falls
  under. Such a candidate is left out of the list with its own sentence quoted, rather than
  listed with a warning: a parent reading a list picks from it, so a drug the formulary
  forbids at this age must not be on it, and the quoted line says why it is missing.
- the condition itself contraindicated: a candidate whose Chống chỉ định names the condition
  asked, as itself ("Gút cấp" for "gút cấp"; not "Gút cấp" for "gút"), is left out the
  same way, its line quoted; the list says it was checked.
- indirect indications: the indication names the condition only inside another disease
  ("sốt thương hàn", "sốt Địa Trung Hải", "co giật do sốt"). Such candidates stay, after
  those that treat the condition itself, with a notice saying so.

Nothing here calls a drug suitable; a candidate without an age limit found is not "safe".
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from core.evidence import Answer, Claim, DrugCandidate, Evidence
from core.sections import SectionKey
from core.text import fold, sentences_of
from grounding.book import AgeBar, age_bar

_CI = SectionKey.CHONG_CHI_DINH.value

LIMIT_SECTIONS = (SectionKey.CHONG_CHI_DINH.value, SectionKey.LIEU_LUONG_CACH_DUNG.value)


@dataclass(frozen=True)
class AgeLimit:
    """A sentence of a candidate's own text that bars the ages of `bar`."""

    drug_id: str
    sentence: str
    chunk_id: str
    section_key: str
    bar: AgeBar


def age_limits(evidence: Iterable[Evidence]) -> list[AgeLimit]:
    """Every age limit stated in contraindication sections and dosing refusals, read by
    the one reader the dose answer and triage use (`grounding.book.age_bar`)."""
    found: list[AgeLimit] = []
    for ev in evidence:
        if ev.section_key not in LIMIT_SECTIONS or ev.quarantined:
            continue
        for sentence in sentences_of(ev.text):
            bar = age_bar(sentence, ev.section_key)
            if bar is not None:
                found.append(AgeLimit(ev.drug_id, sentence, ev.chunk_id, ev.section_key, bar))
    return found


@dataclass(frozen=True)
class ConditionLimit:
    """A Chống chỉ định line of a candidate that names the condition asked about."""

    drug_id: str
    sentence: str
    chunk_id: str
    section_key: str = _CI


# After the condition, words that keep it the same condition (a list goes on, a patient
# follows); any other word makes it narrower ("Gút cấp" is not all of "gút").
_SAME_CONDITION_NEXT = frozenset(("va", "hoac", "o", "khi", "dang", "co", "kem", "nguoi", "benh"))


def _words_of(text: str) -> tuple[str, ...]:
    """The text folded into its words and marks, one each ("Sốt, đau" → sot , dau): how
    a sentence and the condition asked are compared."""
    return tuple(re.findall(r"[a-z0-9]+|[^\sa-z0-9]", fold(text)))


def _said(words: Sequence[str], target: Sequence[str]) -> Iterator[tuple[str, str]]:
    """The word before and the word after each place `words` say `target`, unless a word
    before it makes it the cause of another disease ("co giật do sốt")."""
    n = len(target)
    for i in range(len(words) - n + 1) if n else ():
        if tuple(words[i : i + n]) != tuple(target):
            continue
        before = words[i - 1] if i else ""
        if before not in _CAUSED_BY:
            yield before, words[i + n] if i + n < len(words) else ""


def names_exactly(sentence: str, phrase: str, asked: str = "") -> bool:
    """The sentence names the condition itself, neither a narrower form of it ("gút cấp"
    for "gút") nor a disease it causes ("co giật do sốt"); a narrower form the question's
    words (`asked`: `QueryFrame.condition_words`, folded) say too ("cơn gút cấp" read as "cơn gút")
    is the condition asked."""
    return _names_exactly(_words_of(sentence), _words_of(phrase), asked)


def _names_exactly(words: Sequence[str], target: Sequence[str], asked: str) -> bool:
    for _, after in _said(words, target):
        if not after or not after[0].isalnum() or after in _SAME_CONDITION_NEXT:
            return True
        if asked and re.search(
            rf"(?<![a-z0-9]){re.escape(' '.join([*target, after]))}(?![a-z0-9])", asked
        ):
            return True
    return False


def condition_limits(
    evidence: Iterable[Evidence], condition: str, words: str = ""
) -> dict[str, ConditionLimit]:
    """Per drug, the first Chống chỉ định line that names the condition asked about."""
    out: dict[str, ConditionLimit] = {}
    target = _words_of(condition)
    for ev in evidence:
        if ev.section_key != _CI or ev.quarantined or ev.drug_id in out:
            continue
        for sentence in sentences_of(ev.text):
            if _names_exactly(_words_of(sentence), target, words):
                out[ev.drug_id] = ConditionLimit(ev.drug_id, sentence, ev.chunk_id)
                break
    return out


def condition_notice(condition: str) -> str:
    """The list was checked against each drug's contraindications for the condition."""
    return (
        f"Danh sách đã được đối chiếu với mục Chống chỉ định của từng thuốc về “{condition}”: "
        "thuốc chống chỉ định trong tình trạng này không được liệt kê."
    )


def limits_for(age_months: float, limits: Iterable[AgeLimit]) -> dict[str, AgeLimit]:
    """Per drug, the first limit that bars the patient's age."""
    out: dict[str, AgeLimit] = {}
    for limit in limits:
        if limit.bar.covers(age_months):
            out.setdefault(limit.drug_id, limit)
    return out


def left_out_claims(
    excluded: Mapping[str, AgeLimit | ConditionLimit],
    names: dict[str, str],
    pool: Sequence[Evidence],
) -> list[Claim]:
    """One quoted, cited line per left-out candidate, saying why it is not listed."""
    where = {ev.chunk_id: i for i, ev in enumerate(pool)}
    claims: list[Claim] = []
    for drug_id, limit in excluded.items():
        index = where.get(limit.chunk_id)
        if index is None:
            continue
        title = pool[index].section_title
        claims.append(
            Claim(
                text=(
                    f"Không liệt kê {names.get(drug_id, drug_id)} ở trên: mục {title} ghi "
                    f"“{limit.sentence.rstrip('.;')}”."
                ),
                citations=(index,),
                drug_id=drug_id,
            )
        )
    return claims


# Words that may follow the condition while it is still the condition itself ("sốt cao",
# "sốt ở trẻ em", "sốt, đau"): anything else makes a longer disease name ("sốt thương hàn").
_STILL_THE_CONDITION = frozenset(
    ("o", "khi", "ke", "va", "hoac", "cao", "nhe", "vua", "cap", "man", "keo", "dai", "trong",
     "sau", "do", "nhung", "co", "kem")
)  # fmt: skip
# Words that, just before the condition, make it the cause of another disease ("do sốt").
_CAUSED_BY = frozenset(("do", "boi", "vi"))


def names_directly(sentence: str, phrase: str) -> bool:
    """The sentence names the condition as itself, not only inside another disease's name."""
    return _names_directly(_words_of(sentence), _words_of(phrase))


def _names_directly(words: Sequence[str], target: Sequence[str]) -> bool:
    return any(
        not after or not after[0].isalnum() or after in _STILL_THE_CONDITION
        for _, after in _said(words, target)
    )


def _contains(words: Sequence[str], target: Sequence[str]) -> bool:
    """`words` say `target` somewhere, whatever stands around it."""
    n = len(target)
    return bool(n) and any(
        tuple(words[i : i + n]) == tuple(target) for i in range(len(words) - n + 1)
    )


def direct_first(
    candidates: Sequence[DrugCandidate], phrase: str
) -> tuple[list[DrugCandidate], list[DrugCandidate]]:
    """Candidates treating the condition itself, then those naming it only inside another
    disease; a candidate whose indication names the condition nowhere counts as direct
    (the dense fallback found it; nothing here can say it is indirect)."""
    direct: list[DrugCandidate] = []
    indirect: list[DrugCandidate] = []
    target = _words_of(phrase)
    for cand in candidates:
        sentences = [_words_of(s) for ev in cand.evidence for s in sentences_of(ev.text)]
        naming = [words for words in sentences if _contains(words, target)]
        if naming and not any(_names_directly(words, target) for words in naming):
            indirect.append(cand)
        else:
            direct.append(cand)
    return direct, indirect


def indirect_notice(names: Sequence[str], condition: str) -> str:
    """Why the last candidates come last."""
    return (
        f"Xếp sau cùng: {', '.join(names)} — mục Chỉ định chỉ nhắc “{condition}” trong tên "
        "hoặc nguyên nhân của một bệnh khác, không phải điều trị chính tình trạng này."
    )


def age_notice(age: str) -> str:
    """The list was checked against the patient's age."""
    return (
        f"Danh sách đã được đối chiếu với tuổi của người bệnh ({age}) theo mục Chống chỉ "
        "định và Liều lượng của từng thuốc; không suy ra thuốc còn lại là phù hợp."
    )


Fetch = Callable[[str, str], list[Evidence]]
"""`Retriever.find_by_section(drug_id, section_key)`."""


@dataclass
class ListFit:
    """A condition list fitted to the patient: the order, the extra evidence, the left-out."""

    candidates: list[DrugCandidate]
    evidence: list[Evidence] = field(default_factory=list)
    excluded: dict[str, AgeLimit] = field(default_factory=dict)
    indirect: list[str] = field(default_factory=list)
    condition: str = ""
    age_text: str | None = None
    contraindicated: dict[str, ConditionLimit] = field(default_factory=dict)
    """Candidates whose Chống chỉ định names the condition asked (left out, quoted)."""
    checked_condition: bool = False
    condition_said: str = ""

    def apply(self, answer: Answer, pool: Sequence[Evidence]) -> Answer:
        """Drop the left-out candidates' claims, quote why each is left out, add the notices."""
        if not answer.claims:
            return answer
        left_out: dict[str, AgeLimit | ConditionLimit] = {
            **self.contraindicated,
            **self.excluded,
        }
        kept = tuple(c for c in answer.claims if self._subject(c, pool) not in left_out)
        names = {c.drug_id: c.drug_name for c in self.candidates}
        claims = (*kept, *left_out_claims(left_out, names, pool))
        notices = list(answer.notices)
        if self.age_text:
            notices.append(age_notice(self.age_text))
        if self.checked_condition:
            notices.append(condition_notice(self.condition_said or self.condition))
        listed = {self._subject(c, pool) for c in kept}
        indirect = [names[d] for d in self.indirect if d in listed]
        if indirect:
            notices.append(indirect_notice(indirect, self.condition))
        return answer.model_copy(update={"claims": claims, "notices": tuple(notices)})

    @staticmethod
    def _subject(claim: Claim, pool: Sequence[Evidence]) -> str | None:
        """The claim's drug, else the one drug its citations belong to."""
        if claim.drug_id:
            return claim.drug_id
        owners = {pool[i].drug_id for i in claim.citations if 0 <= i < len(pool)}
        return owners.pop() if len(owners) == 1 else None


def fit_list(
    candidates: Sequence[DrugCandidate],
    condition: str,
    *,
    age_months: float | None,
    age_text: str | None,
    fetch: Fetch,
    asked: str | None = None,
    words: str = "",
) -> ListFit:
    """Order the candidates (direct first), leave out those whose Chống chỉ định names the
    condition (as asked, `asked`, when it says more than the normal form: "gút cấp" read
    as "gút"), and with a known age read their age limits."""
    direct, indirect = direct_first(candidates, condition)
    fit = ListFit(
        candidates=[*direct, *indirect],
        indirect=[c.drug_id for c in indirect],
        condition=condition,
    )
    # Every candidate's Chống chỉ định, checked against the condition asked.
    for cand in fit.candidates:
        fit.evidence.extend(fetch(cand.drug_id, _CI))
    said = asked if asked and _contains(_words_of(asked), _words_of(condition)) else condition
    fit.contraindicated = condition_limits(fit.evidence, said, words)
    fit.checked_condition = bool(fit.evidence)
    fit.condition_said = said
    if age_months is None:
        return fit
    for cand in fit.candidates:
        fit.evidence.extend(fetch(cand.drug_id, SectionKey.LIEU_LUONG_CACH_DUNG.value))
    fit.excluded = limits_for(age_months, age_limits(fit.evidence))
    fit.age_text = age_text
    return fit


__all__ = [
    "LIMIT_SECTIONS",
    "AgeLimit",
    "ConditionLimit",
    "Fetch",
    "ListFit",
    "age_limits",
    "age_notice",
    "condition_limits",
    "condition_notice",
    "direct_first",
    "fit_list",
    "indirect_notice",
    "left_out_claims",
    "limits_for",
    "names_directly",
    "names_exactly",
]
