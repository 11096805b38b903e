"""Tests for grounding/candidates.py: list answers name only retrieved candidates, unranked."""

from __future__ import annotations

from grounding_samples import ev

from core.catalog import DrugCatalog
from core.evidence import Answer, Claim
from grounding.candidates import CandidateSetCheck, DrugMentions, NoRankingCheck

AMOX = ev("amoxicillin", "Amoxicilin", "chi_dinh", "- Viêm tai giữa cấp.")
CEFU = ev("cefuroxime", "Cefuroxim", "chi_dinh", "- Viêm tai giữa, viêm xoang.")
POOL = [AMOX, CEFU]


def test_mentions_find_names_and_aliases_without_accents(catalog: DrugCatalog) -> None:
    """Printed names, INNs and aliases are found case- and accent-insensitively."""
    mentions = DrugMentions(catalog)
    assert mentions.in_text("amoxicillin hoặc CEFUROXIM") == ["amoxicillin", "cefuroxime"]
    assert mentions.in_text("Panadol cho bé") == ["paracetamol"]
    assert mentions.in_text("không có thuốc nào") == []


def test_candidates_citing_their_own_evidence_pass(catalog: DrugCatalog) -> None:
    """One claim per candidate, each citing its own chi_dinh evidence, passes."""
    answer = Answer(
        claims=(
            Claim(text="Amoxicilin: Viêm tai giữa cấp.", citations=(0,), drug_id="amoxicillin"),
            Claim(text="Cefuroxim: Viêm tai giữa.", citations=(1,), drug_id="cefuroxime"),
        ),
        list_mode=True,
    )
    assert CandidateSetCheck({"amoxicillin", "cefuroxime"}, catalog=catalog)(answer, POOL).ok


def test_drug_outside_candidate_set_fails(catalog: DrugCatalog) -> None:
    """A claim about a drug retrieval did not find fails."""
    answer = Answer(claims=(Claim(text="Ibuprofen: giảm đau.", citations=(0,)),))
    verdict = CandidateSetCheck({"amoxicillin"}, catalog=catalog)(answer, POOL)
    assert not verdict.ok
    assert any("ibuprofen" in p for p in verdict.problems)


def test_claim_citing_another_drugs_evidence_fails(catalog: DrugCatalog) -> None:
    """A candidate's claim citing another candidate's evidence fails."""
    answer = Answer(
        claims=(Claim(text="Cefuroxim: Viêm tai giữa cấp.", citations=(0,), drug_id="cefuroxime"),)
    )
    assert not CandidateSetCheck({"amoxicillin", "cefuroxime"}, catalog=catalog)(answer, POOL).ok


def test_claim_naming_no_drug_fails(catalog: DrugCatalog) -> None:
    """A list claim with no drug id and no drug name is not a list entry."""
    answer = Answer(claims=(Claim(text="Viêm tai giữa cấp.", citations=(0,)),))
    assert not CandidateSetCheck({"amoxicillin"}, catalog=catalog)(answer, POOL).ok


def test_quoted_co_mention_is_allowed(catalog: DrugCatalog) -> None:
    """Another drug named inside the candidate's own quoted evidence is not a new list entry."""
    line = ev("aspirin", "Aspirin", "chi_dinh", "- Phối hợp với Warfarin trong một số trường hợp.")
    answer = Answer(
        claims=(
            Claim(
                text="Aspirin: Phối hợp với Warfarin trong một số trường hợp.",
                citations=(0,),
                drug_id="aspirin",
            ),
        )
    )
    assert CandidateSetCheck({"aspirin"}, catalog=catalog)(answer, [line]).ok


def test_ranking_words_fail_unless_quoted() -> None:
    """'Lựa chọn đầu tay' added by the answer fails; the same words quoted from evidence pass."""
    added = Answer(claims=(Claim(text="Amoxicilin là lựa chọn đầu tay.", citations=(0,)),))
    assert not NoRankingCheck()(added, POOL).ok
    source = ev("amoxicillin", "Amoxicilin", "chi_dinh", "- Lựa chọn đầu tay cho viêm tai giữa.")
    quoted = Answer(claims=(Claim(text="Lựa chọn đầu tay cho viêm tai giữa.", citations=(0,)),))
    assert NoRankingCheck()(quoted, [source]).ok


def test_ranking_words_in_lead_fail() -> None:
    """The lead-in may never rank, quoted or not."""
    answer = Answer(lead="Thuốc tốt nhất cho viêm tai giữa:", claims=())
    assert not NoRankingCheck()(answer, POOL).ok
