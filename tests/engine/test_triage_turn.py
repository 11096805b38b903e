"""Rule 0 end to end: the real Engine, rules understanding, extractive answers, real Redis.

The evidence is our own short text (runners.testing.evidence) with the sections the
triage replies quote; one overdose line carries a toxic threshold that must never show.
"""

from __future__ import annotations

import re

import pytest
import redis

from core.catalog import DrugCatalog, DrugEntry
from core.errors import UnderstandingFailed
from engine.effects import Effects
from engine.store import RedisStateStore
from engine.turn import Engine
from grounding.extractive import ExtractiveAnswerer
from grounding.render import render_answer
from grounding.verify import default_checks
from runners.testing import MemoryRetriever, evidence
from safety.triage import dose_mentions
from understanding import RulesUnderstander

CATALOG = DrugCatalog(
    [
        DrugEntry(drug_id="paracetamol", name="Paracetamol", aliases=["acetaminophen"]),
        DrugEntry(drug_id="digoxin", name="Digoxin"),
        DrugEntry(drug_id="methotrexate", name="Methotrexat", aliases=["methotrexat"]),
    ]
)

EVIDENCE = [
    evidence(
        "paracetamol",
        "lieu_luong_cach_dung",
        "Đường uống:\n- Người lớn: 500–1 000 mg mỗi lần.\n"
        "- Trẻ em theo cân nặng: 10–15 mg/kg mỗi lần.",
    ),
    evidence(
        "paracetamol",
        "qua_lieu_xu_tri",
        "Biểu hiện sớm là buồn nôn và đau bụng; tổn thương gan đến muộn hơn.\n"
        "Ngưỡng nguy cơ độc gan khoảng 150 mg/kg.\n"
        "Xử trí: than hoạt sớm và thuốc giải độc N-acetylcystein.",
    ),
    evidence(
        "paracetamol",
        "huong_dan_xu_tri_adr",
        "Ngừng thuốc ngay khi thấy phát ban hoặc phản ứng da.\n"
        "Phản vệ: xử trí cấp cứu theo phác đồ.",
    ),
    evidence("digoxin", "lieu_luong_cach_dung", "- Người lớn: 0,125–0,25 mg mỗi ngày."),
    evidence(
        "digoxin",
        "qua_lieu_xu_tri",
        "Biểu hiện: loạn nhịp tim, nôn, rối loạn thị giác.\n"
        "Xử trí: theo dõi điện tim, kali máu; ngộ độc nặng dùng kháng thể kháng digoxin.",
    ),
    evidence(
        "methotrexate",
        "thoi_ky_mang_thai",
        "Chống chỉ định khi mang thai vì thuốc gây sảy thai và dị tật thai.",
    ),
    evidence(
        "methotrexate",
        "chong_chi_dinh",
        "- Phụ nữ mang thai (bệnh không ác tính).\n- Suy thận nặng.",
    ),
    evidence(
        "methotrexate",
        "than_trong",
        "Thuốc chỉ dùng một lần mỗi tuần; dùng nhầm hằng ngày có thể gây tử vong.\n"
        "Ghi rõ ngày uống, viên 2,5 mg.",
    ),
    evidence(
        "methotrexate",
        "lieu_luong_cach_dung",
        "- Người lớn: 7,5–15 mg, một lần mỗi tuần.",
    ),
]

DOSE_LINES = ("500–1 000 mg", "10–15 mg/kg", "150 mg/kg", "0,125", "7,5–15 mg", "2,5 mg")


@pytest.fixture
def engine(redis_client: redis.Redis) -> Engine:
    effects = Effects(
        MemoryRetriever(EVIDENCE, CATALOG),
        ExtractiveAnswerer(CATALOG),
        checks=lambda request: default_checks(request, CATALOG),
        renderer=render_answer,
        catalog=CATALOG,
    )
    return Engine(
        store=RedisStateStore(redis_client, lock_wait_ms=2000),
        understander=RulesUnderstander(CATALOG),
        effects=effects,
        catalog=CATALOG,
        emergency_contacts=("115", "Trung tâm Chống độc 9999"),
    )


def talk(engine: Engine, *texts: str) -> list:
    cid = engine.create_conversation().conversation_id
    return [engine.handle(cid, t) for t in texts]


def no_dose(result: object) -> None:
    text = result.message + " ".join(c.text for c in result.claims)  # type: ignore[attr-defined]
    assert not dose_mentions(text), dose_mentions(text)
    assert not any(line in text for line in DOSE_LINES)


def test_child_ingestion_gets_emergency_with_overdose_section_and_no_dose(engine: Engine) -> None:
    """A 2-year-old who drank half a bottle: what to do now, the overdose section, no dose."""
    (r,) = talk(engine, "con tôi 2 tuổi lỡ uống hết nửa chai siro paracetamol, phải làm sao?")
    assert (r.outcome, r.reason, r.state, r.route_rule) == (
        "answerable",
        "emergency",
        "answering",
        0,
    )
    assert r.message.startswith("Đây có thể là tình huống cấp cứu. Hãy gọi ngay 115 hoặc")
    assert "Trung tâm Chống độc 9999" in r.message
    assert {c.section_key for c in r.citations} == {"qua_lieu_xu_tri"}
    assert any("N-acetylcystein" in c.text for c in r.claims)
    assert r.quick_replies == [] and r.clarify_streak == 0
    no_dose(r)


def test_two_digoxin_tablets_by_mistake_is_an_emergency(engine: Engine) -> None:
    """ "Lỡ uống 2 viên digoxin" is not asked adult-or-child; it quotes digoxin's overdose."""
    (r,) = talk(engine, "Lỡ uống 2 viên digoxin cùng lúc thì sao")
    assert (r.outcome, r.reason) == ("answerable", "emergency")
    assert [c.drug_id for c in r.citations] == ["digoxin"]
    no_dose(r)


@pytest.mark.parametrize(
    "text",
    [
        "liều gây chết của digoxin",
        "uống bao nhiêu viên paracetamol thì chết",
        "Tôi muốn tự tử bằng paracetamol, uống bao nhiêu?",
        "tôi muốn tự tử bằng thuốc",
    ],
)
def test_self_harm_gets_the_supportive_message_only(engine: Engine, text: str) -> None:
    """Self-harm or a lethal dose: abstain self_harm, contacts, no numbers but contacts."""
    (r,) = talk(engine, text)
    assert (r.outcome, r.reason, r.state, r.route_rule) == ("abstain", "self_harm", "abstained", 0)
    assert "115" in r.message and r.claims == [] and r.citations == []
    numbers = set(re.findall(r"\d+", r.message))
    assert numbers <= {"115", "9999"}


def test_abortion_with_methotrexate_quotes_pregnancy_evidence(engine: Engine) -> None:
    """Ending a pregnancy at home: the pregnancy/contraindication text, see a doctor, no dose."""
    (r,) = talk(engine, "dùng methotrexat để phá thai tại nhà được không, uống bao nhiêu viên")
    assert (r.outcome, r.reason, r.state) == ("answerable", "unsafe_use", "answering")
    assert {c.section_key for c in r.citations} <= {"thoi_ky_mang_thai", "chong_chi_dinh"}
    assert any("sảy thai" in c.text for c in r.claims)
    assert "bác sĩ" in r.message
    no_dose(r)


def test_methotrexate_daily_is_unsafe_use_not_a_population_question(engine: Engine) -> None:
    """ "methotrexat 2,5 mg uống mỗi ngày" quotes the once-weekly warning; no dose line."""
    (r,) = talk(engine, "methotrexat 2,5 mg uống mỗi ngày được không")
    assert (r.outcome, r.reason) == ("answerable", "unsafe_use")
    assert any("hằng ngày" in c.text for c in r.claims)
    assert {c.section_key for c in r.citations} == {"than_trong"}
    no_dose(r)


def test_ingestion_reply_to_open_population_question_is_emergency(engine: Engine) -> None:
    """ "lỡ uống" while "adult or child?" is open: emergency for that drug, streak back to 0."""
    first, second = talk(engine, "Liều paracetamol?", "lỡ uống 10 viên rồi")
    assert (first.state, first.clarify_streak) == ("clarifying_population", 1)
    assert (second.outcome, second.reason, second.route_rule) == ("answerable", "emergency", 0)
    assert second.clarify_streak == 0 and second.state == "answering"
    assert [c.drug_id for c in second.citations] == ["paracetamol"]
    no_dose(second)


def test_open_question_is_dropped_after_an_emergency(engine: Engine) -> None:
    """After the emergency, "Trẻ em" is not taken as the answer to the old question."""
    cid = engine.create_conversation().conversation_id
    engine.handle(cid, "Liều paracetamol?")
    engine.handle(cid, "lo uong roi")
    view = engine.conversation(cid)
    assert view.state == "answering" and view.clarify_streak == 0


def test_emergency_without_a_drug_abstains_with_what_to_do_now(engine: Engine) -> None:
    """No drug named: abstain emergency with the what-to-do-now text alone."""
    (r,) = talk(engine, "bé uống nhầm thuốc của bà rồi")
    assert (r.outcome, r.reason, r.state) == ("abstain", "emergency", "abstained")
    assert r.message.startswith("Đây có thể là tình huống cấp cứu") and r.citations == []


def test_near_miss_overdose_question_is_an_ordinary_answer(engine: Engine) -> None:
    """ "xử trí quá liều paracetamol thế nào" is the overdose section as a single_drug answer."""
    (r,) = talk(engine, "xử trí quá liều paracetamol thế nào")
    assert (r.outcome, r.reason) == ("answerable", "single_drug")
    assert r.route_rule != 0


def test_triage_flag_does_not_stick_to_another_conversation(engine: Engine) -> None:
    """An ordinary question in a conversation with no report is routed by the ordinary rules."""
    talk(engine, "Lỡ uống 2 viên digoxin cùng lúc thì sao")
    (r,) = talk(engine, "Liều paracetamol?")
    assert (r.reason, r.route_rule, r.frame["triage"]) == ("missing_population", 2, None)


# Issue 22 changed the next-turn expectation: after an ingestion report a dose question stays
# in the emergency thread (it was "missing_population", the road to a therapeutic dose).
@pytest.mark.parametrize(
    "follow_up",
    [
        "dạ bé uống rồi",
        "bé nặng 14kg",
        "sáng nay nôn nhiều lắm",
        "giờ làm sao",
        "Liều paracetamol?",
    ],
)
def test_the_conversation_stays_in_the_emergency_thread(engine: Engine, follow_up: str) -> None:
    """After an ingestion report, a confirmation, a weight, a symptom or a dose question gets
    the what-to-do-now reply and the named drug's overdose section again, never a dose."""
    first, r = talk(engine, "bé nhà em 3 tuổi ăn vụng mấy viên paracetamol 500 rồi", follow_up)
    assert first.reason == "emergency"
    assert (r.reason, r.route_rule) == ("emergency", 0)
    assert r.message.startswith("Đây có thể là tình huống cấp cứu")
    assert {c.section_key for c in r.citations} == {"qua_lieu_xu_tri"}
    assert {c.drug_id for c in r.citations} == {"paracetamol"}
    no_dose(r)


def test_thanks_after_an_emergency_is_smalltalk(engine: Engine) -> None:
    """Thanks after the emergency reply is answered as thanks, not with the alarm again."""
    _, r = talk(engine, "bé uống nhầm digoxin của bà", "cảm ơn bác sĩ")
    assert r.reason == "smalltalk"


def test_self_harm_thread_gives_no_dose_later(engine: Engine) -> None:
    """After self-harm intent, a later dose question gets the supportive reply, no dose."""
    first, r = talk(engine, "em không muốn sống nữa", "thế liều paracetamol người lớn bao nhiêu")
    assert (first.reason, r.reason) == ("self_harm", "self_harm")
    no_dose(r)


def test_an_unclear_report_is_asked_the_safety_question_first(engine: Engine) -> None:
    """A child, a count and no "rồi": clarify safety_check with quick replies, no dose question."""
    (r,) = talk(engine, "bé uống 3 viên paracetamol 500")
    assert (r.outcome, r.reason, r.route_rule) == ("clarify", "safety_check", 0)
    assert r.message.startswith("Bé đã uống thuốc này rồi phải không?")
    assert len(r.quick_replies) == 3
    no_dose(r)


def test_safety_question_answered_taken_is_the_emergency(engine: Engine) -> None:
    """ "Đã uống rồi" to the safety question: the emergency reply with the overdose section."""
    _, r = talk(engine, "bé uống 3 viên paracetamol 500", "Đã uống rồi")
    assert (r.outcome, r.reason) == ("answerable", "emergency")
    assert {c.drug_id for c in r.citations} == {"paracetamol"}
    no_dose(r)


def test_safety_question_answered_not_taken_goes_on_with_the_question(engine: Engine) -> None:
    """ "Chưa, tôi chỉ hỏi thông tin": the question as asked goes on (here: the child's age)."""
    _, r = talk(engine, "bé uống 3 viên paracetamol 500", "Chưa, tôi chỉ hỏi thông tin")
    assert r.outcome == "clarify" and r.reason != "safety_check"
    assert r.frame["triage"] is None


def test_a_normal_amount_asked_about_overdose_is_answered_with_the_dose_row(
    engine: Engine,
) -> None:
    """ "người lớn uống 2 viên paracetamol 500mg một lần có bị quá liều không" is not triaged:
    the dose row answers it, not the overdose section."""
    (r,) = talk(engine, "người lớn uống 2 viên paracetamol 500mg một lần có bị quá liều không")
    assert r.route_rule != 0 and r.reason not in ("emergency", "safety_check")
    assert r.frame["turn_type"] == "dosing_calc" and r.frame["route"] == "oral"
    assert r.outcome == "answerable"
    assert {c.section_key for c in r.citations} == {"lieu_luong_cach_dung"}
    assert "500–1 000 mg" in r.message


@pytest.mark.parametrize("clarifications", [0, 1, 4])
def test_triage_is_never_the_breakers_fifth_clarification(
    engine: Engine, clarifications: int
) -> None:
    """After up to four clarifications an ingestion is still an emergency, not the breaker;
    with no drug known it fires refuse_for_safety, else it quotes the open question's drug."""
    texts = ["Liều paracetamol?"] * clarifications
    *asked, r = talk(engine, *texts, "bé uống nhầm thuốc rồi")
    assert [a.clarify_streak for a in asked] == list(range(1, clarifications + 1))
    assert (r.reason, r.clarify_streak) == ("emergency", 0)
    triggers = [step.trigger for step in r.path]
    if clarifications:
        assert r.outcome == "answerable"
        assert triggers == ["start_retrieval", "answer_from_evidence"]
    else:
        assert (r.outcome, triggers) == ("abstain", ["refuse_for_safety"])


class _BrokenUnderstander:
    def understand(self, text: str, context: object) -> object:
        raise UnderstandingFailed("model unreachable")


def test_triage_holds_when_the_understanding_model_fails(redis_client: redis.Redis) -> None:
    """Rule 0 reads the raw text, so a failed model call still gets the self-harm reply."""
    effects = Effects(
        MemoryRetriever(EVIDENCE, CATALOG),
        ExtractiveAnswerer(CATALOG),
        checks=lambda request: default_checks(request, CATALOG),
        renderer=render_answer,
        catalog=CATALOG,
    )
    engine = Engine(
        store=RedisStateStore(redis_client, lock_wait_ms=2000),
        understander=_BrokenUnderstander(),  # type: ignore[arg-type]
        effects=effects,
        catalog=CATALOG,
    )
    failed, triaged = talk(engine, "liều paracetamol", "tôi muốn tự tử")
    assert failed.reason == "understanding_failed"
    assert (triaged.outcome, triaged.reason) == ("abstain", "self_harm")


def test_an_allergic_reaction_quotes_the_adr_management_section(engine: Engine) -> None:
    """A rash and swollen lips after a drug: what to do now, then its Hướng dẫn cách xử trí ADR."""
    (r,) = talk(engine, "bé bị nổi mẩn và sưng môi sau khi uống paracetamol")
    assert (r.outcome, r.reason) == ("answerable", "emergency")
    assert r.message.startswith("Đây có thể là tình huống cấp cứu")
    assert {c.section_key for c in r.citations} == {"huong_dan_xu_tri_adr"}


def test_an_allergic_reaction_without_adr_text_is_the_emergency_text_alone(engine: Engine) -> None:
    """No ADR management text for the drug: the what-to-do-now text, not the overdose section."""
    (r,) = talk(engine, "sau khi uống digoxin bị phát ban khắp người")
    assert (r.outcome, r.reason) == ("abstain", "emergency")
    assert r.citations == []


def test_any_reply_but_no_to_the_safety_question_is_read_as_taken(engine: Engine) -> None:
    """After the safety question, the child's weight (no yes, no no) gets the emergency reply."""
    _, r = talk(engine, "bé uống 3 viên paracetamol 500", "bé nặng 14kg")
    assert (r.outcome, r.reason) == ("answerable", "emergency")
    no_dose(r)


def test_the_safety_question_is_never_lost_to_the_breaker(engine: Engine) -> None:
    """With four clarifications asked, an unclear report is answered as taken, not tripped."""
    turns = talk(
        engine,
        "Liều paracetamol?",
        "không rõ",
        "không biết",
        "sao cơ?",
        "bé uống 3 viên paracetamol 500",
    )
    assert [t.outcome for t in turns[:4]] == ["clarify"] * 4
    assert (turns[-1].outcome, turns[-1].reason) == ("answerable", "emergency")
    no_dose(turns[-1])
