"""Round 18 (doses): a dose asked the southern way ("nhiêu mg"), "cắt" (cut off) that is not
"cất" (put away), how long until a repeat is no injection rate, and an ear that hurts or runs
named as otitis (our own sentences through the rules reader)."""

from __future__ import annotations

from collections.abc import Callable

from core.frame import HowTo, QueryFrame
from understanding.howto import read_how_to_topics
from understanding.text import Turn

Parse = Callable[..., QueryFrame]


def test_a_dose_asked_with_the_southern_nhieu_is_no_storage_question() -> None:
    said = "bé tiêm 1 mũi kháng sinh, mũi đó nhiêu mg, để tui coi lại trong hộp"
    assert read_how_to_topics(Turn.of(said)) == []
    # "nhiều" (many) is no question, and storage is still read around it
    kept = "thuốc để trong hộp uống nhiều mg quá có sao"
    assert HowTo.STORAGE in read_how_to_topics(Turn.of(kept))


def test_cat_with_its_own_mark_is_no_place_to_keep() -> None:
    capped = "0,15mg/kg ra 6mg, vậy có phải cắt ở đâu không"
    assert HowTo.STORAGE not in read_how_to_topics(Turn.of(capped))
    assert HowTo.STORAGE in read_how_to_topics(Turn.of("lọ thuốc tiêm này cất ở đâu"))
    assert HowTo.STORAGE in read_how_to_topics(Turn.of("lo thuoc tiem nay cat o dau"))


def test_how_long_until_a_repeat_is_no_rate() -> None:
    said = "tiêm tĩnh mạch chậm liều đầu mấy mg, không đỡ thì bao lâu tiêm lại"
    assert HowTo.RATE not in read_how_to_topics(Turn.of(said))
    assert HowTo.RATE in read_how_to_topics(Turn.of("tiêm tĩnh mạch chậm trong bao lâu"))


def test_an_ear_that_hurts_or_runs_is_otitis(parse: Parse) -> None:
    for said in ("bé 3 tuổi 14kg đau tai sốt, amoxicilin bao nhiêu", "con bị chảy mủ tai"):
        frame = parse(said)
        assert frame.condition is not None and frame.condition.normalized == "viêm tai giữa"
