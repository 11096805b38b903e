"""The demo corpus keeps the book-shaped facts that data/README.md says the software relies on.

These tests read data/formulary only (no engine): if an edit drops a band, a marker or a
quarantine flag that the dose parser and the evals depend on, they fail with the record
that changed. Skips when data/formulary is absent.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from core.sections import SectionKey
from retrieval.corpus import CorpusRecord

DATA = Path(__file__).resolve().parents[2] / "data" / "formulary"
FILES = sorted(DATA.glob("*.jsonl")) if DATA.is_dir() else []
pytestmark = pytest.mark.skipif(not FILES, reason="demo corpus data/formulary is absent")

DOSE = SectionKey.LIEU_LUONG_CACH_DUNG
BOOK_SHAPED = (
    "paracetamol",
    "ibuprofen",
    "amoxicillin",
    "amoxicillin_clavulanate",
    "azithromycin",
    "cefuroxime",
    "cetirizine",
    "digoxin",
    "methotrexate",
)


def _records() -> list[CorpusRecord]:
    out: list[CorpusRecord] = []
    for path in FILES:
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                out.append(CorpusRecord.model_validate(json.loads(line)))
    return out


RECORDS = _records() if FILES else []


def _parts(drug: str, key: SectionKey) -> list[CorpusRecord]:
    return sorted(
        (r for r in RECORDS if r.drug_id == drug and r.section_key is key),
        key=lambda r: r.part_index,
    )


def _text(drug: str, key: SectionKey = DOSE) -> str:
    """The unquarantined text of one section, parts joined in order."""
    return "\n\n".join(r.text for r in _parts(drug, key) if not r.quarantined)


def _after(text: str, marker: str) -> str:
    assert marker in text, marker
    return text.split(marker, 1)[1]


@pytest.mark.parametrize("drug", BOOK_SHAPED)
def test_book_shaped_dose_sections_have_usage_then_dosing(drug: str) -> None:
    """Each book-shaped dose section has a Cách dùng part before its Liều lượng part."""
    text = _text(drug)
    assert text.startswith("### *Cách dùng:*")
    assert text.index("### *Cách dùng:*") < text.index("### *Liều lượng:*")


def test_paracetamol_has_routes_indications_and_bands() -> None:
    """Paracetamol: oral/rectal pain-fever rows, the 2–4-year band, IV weight bands, max dose."""
    text = _text("paracetamol")
    adult = _after(text, "*Người lớn:*").split("*Trẻ em:*", 1)[0]
    assert "*Uống:* 500–1 000 mg" in adult and "tối đa 4 000 mg/ngày" in adult
    assert "*Đặt trực tràng:*" in adult
    child = _after(text, "*Trẻ em:*")
    pain, post_op = _after(child, "Đau, sốt:"), _after(child, "Đau sau phẫu thuật:")
    assert re.search(r"^\| 2–4 tuổi \| 180 mg \|$", pain, re.MULTILINE)
    assert re.search(r"^\| 4–6 tuổi \| 240 mg \|$", pain, re.MULTILINE)
    assert "*Đặt trực tràng:*" in pain.split("Đau sau phẫu thuật:", 1)[0]
    iv = _after(post_op, "*Truyền tĩnh mạch trong 15 phút:*")
    bands = ("cân nặng < 10 kg", "cân nặng 10–50 kg", "cân nặng > 50 kg: dùng liều như người lớn")
    for band in bands:
        assert band in iv, band
    assert "ClCr 10–50 ml/phút" in text and "ClCr < 10 ml/phút" in text


def test_paracetamol_contraindication_and_overdose_parts() -> None:
    """Chống chỉ định names severe hepatic impairment; overdose has symptoms then treatment."""
    assert "Suy gan nặng" in _text("paracetamol", SectionKey.CHONG_CHI_DINH)
    overdose = _text("paracetamol", SectionKey.QUA_LIEU_XU_TRI)
    symptoms, treatment = _after(overdose, "*Triệu chứng:*").split("*Xử trí:*", 1)
    assert "N-acetylcystein" not in symptoms
    assert "N-acetylcystein" in treatment and "140 mg/kg" in treatment


def test_ibuprofen_names_the_under_three_months_row() -> None:
    """Ibuprofen states that infants under 3 months or 5 kg are not recommended a dose."""
    text = _text("ibuprofen")
    row = next(p for p in text.split("\n\n") if p.startswith("Trẻ dưới 3 tháng tuổi"))
    assert "dưới 5 kg" in row and "không khuyến cáo" in row


def test_amoxicillin_clavulanate_adult_row_renal_table_and_quarantine() -> None:
    """≥ 40 kg adult row before the mg/kg rows, a ClCr table, and a quarantined table part."""
    text = _text("amoxicillin_clavulanate")
    adult_row = text.index("*Người lớn và trẻ em từ 40 kg trở lên:*")
    assert adult_row < text.index("*Trẻ em dưới 40 kg:*")
    assert "Viêm tai giữa cấp (liều cao): 90 mg/kg/ngày" in text
    assert re.search(r"^\| 10–30 ml/phút \| 500 mg/125 mg × 2 lần/ngày \|", text, re.MULTILINE)
    quarantined = [r for r in _parts("amoxicillin_clavulanate", DOSE) if r.quarantined]
    assert quarantined and all("|---|" in r.text for r in quarantined)


def test_azithromycin_adult_single_doses_sit_under_the_adult_marker() -> None:
    """The 1 g and 2 g single doses are adult rows; children above 45 kg take the adult dose."""
    text = _text("azithromycin")
    adult, child = _after(text, "*Người lớn:*").split("*Trẻ em:*", 1)
    assert "liều duy nhất 1 g" in adult and "liều duy nhất 2 g" in adult
    assert "liều duy nhất 1 g" not in child and "liều duy nhất 2 g" not in child
    assert "trên 45 kg: dùng liều như người lớn" in child


def test_methotrexate_autoimmune_doses_are_weekly() -> None:
    """Every methotrexate dose row is once a week; the text says never daily."""
    text = _text("methotrexate")
    assert "không bao giờ dùng hằng ngày" in text
    rows = [p for p in text.split("\n\n") if p.startswith("*Uống")]
    assert len(rows) == 3
    assert all("1 lần mỗi tuần" in row for row in rows)
    assert not re.search(r"mg/ngày|lần/ngày", text)
