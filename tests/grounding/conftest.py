"""Fixtures for the grounding tests: a small catalog, sample evidence, dummy AWS credentials."""

from __future__ import annotations

import pytest
from grounding_samples import (
    ASPIRIN_INTERACTIONS,
    PARACETAMOL_DOSE,
    PARACETAMOL_INTERACTIONS,
    PARACETAMOL_TABLE,
    WARFARIN_INTERACTIONS,
    ev,
)

from core.catalog import DrugCatalog, DrugEntry
from core.evidence import DrugCandidate, Evidence


@pytest.fixture
def catalog() -> DrugCatalog:
    return DrugCatalog(
        [
            DrugEntry(
                drug_id="paracetamol",
                name="Paracetamol",
                inn="Paracetamol",
                aliases=("acetaminophen", "Panadol", "Hapacol"),
            ),
            DrugEntry(drug_id="warfarin", name="Warfarin", inn="Warfarin", aliases=("Coumadin",)),
            DrugEntry(
                drug_id="aspirin",
                name="Aspirin",
                inn="Acetylsalicylic acid",
                aliases=("acid acetylsalicylic", "Aspegic"),
            ),
            DrugEntry(drug_id="amoxicillin", name="Amoxicilin", inn="Amoxicillin"),
            DrugEntry(drug_id="cefuroxime", name="Cefuroxim", inn="Cefuroxime"),
            DrugEntry(drug_id="methotrexate", name="Methotrexat", inn="Methotrexate"),
            DrugEntry(drug_id="ibuprofen", name="Ibuprofen", inn="Ibuprofen"),
            DrugEntry(drug_id="metronidazole", name="Metronidazol", inn="Metronidazole"),
        ]
    )


@pytest.fixture
def paracetamol_dose() -> list[Evidence]:
    return [
        ev("paracetamol", "Paracetamol", "lieu_luong_cach_dung", PARACETAMOL_DOSE),
        ev(
            "paracetamol",
            "Paracetamol",
            "lieu_luong_cach_dung",
            PARACETAMOL_TABLE,
            part=1,
            pages=(102, 102),
            quarantined=True,
        ),
    ]


@pytest.fixture
def paracetamol_overview() -> list[Evidence]:
    return [
        ev(
            "paracetamol",
            "Paracetamol",
            "dang_thuoc_ham_luong",
            "Viên nén 500 mg. Gói bột pha hỗn dịch 80 mg, 150 mg, 250 mg. Viên đạn 150 mg, 300 mg.",
            pages=(100, 100),
        ),
        ev(
            "paracetamol",
            "Paracetamol",
            "chi_dinh",
            "- Đau nhẹ và vừa.\n- Sốt.",
            pages=(100, 101),
        ),
        ev(
            "paracetamol",
            "Paracetamol",
            "chong_chi_dinh",
            "- Quá mẫn với paracetamol.\n- Suy gan nặng.\n- Thiếu hụt G6PD.",
            pages=(101, 101),
        ),
    ]


@pytest.fixture
def interaction_evidence() -> list[Evidence]:
    return [
        ev("warfarin", "Warfarin", "tuong_tac_thuoc", WARFARIN_INTERACTIONS, pages=(300, 301)),
        ev("aspirin", "Aspirin", "tuong_tac_thuoc", ASPIRIN_INTERACTIONS, pages=(40, 40)),
        ev("paracetamol", "Paracetamol", "tuong_tac_thuoc", PARACETAMOL_INTERACTIONS),
    ]


@pytest.fixture
def otitis_candidates() -> list[DrugCandidate]:
    amox = ev(
        "amoxicillin",
        "Amoxicilin",
        "chi_dinh",
        "- Viêm tai giữa cấp.\n- Viêm họng do liên cầu.\n- Viêm phổi mắc phải ở cộng đồng.",
        pages=(50, 50),
    )
    cefu = ev(
        "cefuroxime",
        "Cefuroxim",
        "chi_dinh",
        "- Nhiễm khuẩn đường hô hấp dưới.\n- Viêm tai giữa, viêm xoang.\n"
        "- Nhiễm khuẩn đường tiết niệu.",
        pages=(80, 80),
    )
    return [
        DrugCandidate(drug_id="amoxicillin", drug_name="Amoxicilin", score=2.0, evidence=(amox,)),
        DrugCandidate(drug_id="cefuroxime", drug_name="Cefuroxim", score=1.5, evidence=(cefu,)),
    ]


@pytest.fixture
def aws_env(monkeypatch: pytest.MonkeyPatch) -> None:
    """Dummy AWS credentials so boto3 signs requests without touching real accounts."""
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", "testing")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "testing")
    monkeypatch.setenv("AWS_SESSION_TOKEN", "testing")
    monkeypatch.setenv("AWS_DEFAULT_REGION", "ap-southeast-1")
    monkeypatch.delenv("AWS_PROFILE", raising=False)
    monkeypatch.setenv("AWS_CONFIG_FILE", "/nonexistent/duocthu-aws-config")
    monkeypatch.setenv("AWS_SHARED_CREDENTIALS_FILE", "/nonexistent/duocthu-aws-credentials")
    monkeypatch.setenv("AWS_EC2_METADATA_DISABLED", "true")
