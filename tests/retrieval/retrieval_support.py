"""Synthetic corpus records (our own short sentences) and point builders for retrieval tests."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from retrieval.convert import chunk_payloads, content_hash, embed_text, to_point
from retrieval.corpus import CorpusRecord
from retrieval.index import IndexPoint, IndexSpec
from retrieval.testing import HashEmbedder
from retrieval.tokenizer import SparseEncoder

SOURCE = "duocthu-test: dữ liệu thử, không dùng cho lâm sàng"


def rec(drug_id: str, name: str, key: str, text: str, **extra: Any) -> dict[str, Any]:
    return {
        "drug_id": drug_id,
        "drug_name": name,
        "inn": extra.pop("inn", name),
        "aliases": extra.pop("aliases", []),
        "section_key": key,
        "text": text,
        "source": SOURCE,
        **extra,
    }


RECORDS: list[dict[str, Any]] = [
    rec("alphacin", "Alphacin", "chi_dinh", "- Tăng huyết áp.\n- Suy tim mạn.", aliases=["Alfa"]),
    rec("alphacin", "Alphacin", "chong_chi_dinh", "- Hẹp động mạch thận hai bên."),
    rec(
        "alphacin",
        "Alphacin",
        "lieu_luong_cach_dung",
        "Đường uống:\n- Người lớn: 5 mg mỗi ngày một lần.\n- Suy thận: 2,5 mg mỗi ngày.",
    ),
    rec("alphacin", "Alphacin", "tuong_tac_thuoc", "- Betamol: tăng nguy cơ hạ huyết áp."),
    rec("betamol", "Betamol", "chi_dinh", "- Đau nhẹ và vừa; sốt.", aliases=["Beta Plus"]),
    rec("betamol", "Betamol", "chong_chi_dinh", "- Tăng huyết áp không kiểm soát."),
    rec(
        "betamol",
        "Betamol",
        "lieu_luong_cach_dung",
        "Đường uống:\n- Người lớn: 500 mg mỗi 6 giờ.\n"
        "Đặt trực tràng:\n- Trẻ em theo cân nặng: 15 mg/kg mỗi lần.",
    ),
    rec(
        "betamol",
        "Betamol",
        "lieu_luong_cach_dung",
        "| Cân nặng | Liều |\n|---|---|\n| 10 kg | 150 mg |",
        part_index=1,
        quarantined=True,
    ),
    rec("gammazol", "Gammazol", "chi_dinh", "- Nhiễm nấm Candida miệng.\n- Tăng huyết áp thai kỳ."),
    rec("gammazol", "Gammazol", "tac_dung_khong_mong_muon", "Buồn nôn, đau đầu, phát ban."),
]


def make_points(
    records: list[dict[str, Any]], embedder: HashEmbedder | None = None
) -> list[IndexPoint]:
    encoder = SparseEncoder()
    points = []
    for raw in records:
        for payload in chunk_payloads(CorpusRecord.model_validate(raw)):
            text = embed_text(payload)
            name = embedder.name if embedder else "disabled"
            payload["content_hash"] = content_hash(text, name)
            dense = embedder.embed_passages([text])[0] if embedder else None
            points.append(to_point(payload, encoder.document(text), dense))
    return points


def spec_for(embedder: HashEmbedder | None) -> IndexSpec:
    if embedder is None:
        return IndexSpec("disabled", None)
    return IndexSpec(embedder.name, embedder.dim)


def write_jsonl(path: Path, rows: list[Any]) -> Path:
    lines = [r if isinstance(r, str) else json.dumps(r, ensure_ascii=False) for r in rows]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path
