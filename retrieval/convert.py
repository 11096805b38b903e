"""Pure conversions beside the adapters: record → chunk payloads → points, hits → evidence.

Point ids are uuid5 of (source, drug, section, part, chunk), so re-ingesting the same
file writes the same ids and changes nothing.
"""

from __future__ import annotations

import hashlib
import uuid
from typing import Any

from core.evidence import Evidence
from core.sections import SectionKey
from retrieval.chunking import DEFAULT_MAX_CHARS, split_section
from retrieval.corpus import CorpusRecord
from retrieval.index import Hit, IndexPoint
from retrieval.tokenizer import SparseVector

POINT_NAMESPACE = uuid.UUID("6f1d7a52-5c0e-4d59-9a0b-3c6e1b8f2d41")
_SECTION_RANK = {key.value: rank for rank, key in enumerate(SectionKey)}
PAYLOAD_INDEXES = ("drug_id", "section_key", "quarantined", "order")
# Everyday words people use for a section, added to what the vectors see (document
# expansion), so "tác dụng phụ" meets "Tác dụng không mong muốn" without a model.
SECTION_HINTS: dict[str, str] = {
    "dang_thuoc_ham_luong": "dạng bào chế, hàm lượng, viên, ống",
    "chi_dinh": "dùng để, công dụng, trị bệnh gì",
    "chong_chi_dinh": "không được dùng, cấm dùng",
    "than_trong": "lưu ý, cẩn thận",
    "thoi_ky_mang_thai": "phụ nữ có thai, bà bầu, mang thai",
    "thoi_ky_cho_con_bu": "phụ nữ cho con bú, sữa mẹ",
    "tac_dung_khong_mong_muon": "tác dụng phụ",
    "lieu_luong_cach_dung": "liều dùng, cách dùng, uống bao nhiêu",
    "tuong_tac_thuoc": "dùng chung, phối hợp",
    "qua_lieu_xu_tri": "ngộ độc, uống quá liều",
    "do_on_dinh_bao_quan": "bảo quản, nhiệt độ",
}


def point_id(source: str, drug_id: str, section_key: str, part_index: int, chunk: int) -> str:
    """The stable id of one chunk."""
    key = f"{source}\x1f{drug_id}\x1f{section_key}\x1f{part_index}\x1f{chunk}"
    return str(uuid.uuid5(POINT_NAMESPACE, key))


def order_of(section_key: str, part_index: int, chunk: int) -> int:
    """Printed section order, then part, then chunk: one integer to sort a monograph by."""
    return _SECTION_RANK.get(section_key, 99) * 1_000_000 + part_index * 1_000 + chunk


def chunk_payloads(
    record: CorpusRecord, max_chars: int = DEFAULT_MAX_CHARS
) -> list[dict[str, Any]]:
    """The payload of every chunk of one record (docs/corpus-format.md fields plus ordering)."""
    payloads = []
    for chunk, text in enumerate(split_section(record.text, max_chars)):
        key = record.section_key.value
        payloads.append(
            {
                "chunk_id": point_id(record.source, record.drug_id, key, record.part_index, chunk),
                "drug_id": record.drug_id,
                "drug_name": record.drug_name,
                "inn": record.inn,
                "aliases": list(record.aliases),
                "atc": list(record.atc),
                "section_key": key,
                "section_title": record.section_title,
                "part_index": record.part_index,
                "chunk_index": chunk,
                "order": order_of(key, record.part_index, chunk),
                "text": text,
                "page_start": record.page_start,
                "page_end": record.page_end,
                "source": record.source,
                "quarantined": record.quarantined,
                "flags": list(record.flags),
            }
        )
    return payloads


def embed_text(payload: dict[str, Any]) -> str:
    """What the vectors see: drug names and section title, then the chunk text."""
    names = [payload["drug_name"], payload.get("inn") or "", *(payload.get("aliases") or [])[:4]]
    head = ", ".join(dict.fromkeys(n for n in names if n))
    hint = SECTION_HINTS.get(str(payload["section_key"]))
    title = f"{payload['section_title']} ({hint})" if hint else payload["section_title"]
    return f"{head} – {title}\n{payload['text']}"


def content_hash(text: str, embedder: str) -> str:
    """Changes when the embedded text or the model does: unchanged chunks skip re-embedding."""
    return hashlib.sha256(f"{embedder}\x1f{text}".encode()).hexdigest()[:32]


def to_point(
    payload: dict[str, Any], sparse: SparseVector, dense: list[float] | None
) -> IndexPoint:
    return IndexPoint(id=payload["chunk_id"], payload=payload, sparse=sparse, dense=dense)


def hit_to_evidence(hit: Hit) -> Evidence:
    """Evidence with full provenance from a stored payload (citations come from this only)."""
    p = hit.payload
    return Evidence(
        text=str(p.get("text", "")),
        drug_id=str(p.get("drug_id", "")),
        drug_name=str(p.get("drug_name", "")),
        section_key=str(p.get("section_key", "")),
        section_title=str(p.get("section_title", "")),
        chunk_id=str(p.get("chunk_id") or hit.id),
        part_index=int(p.get("part_index") or 0),
        page_start=p.get("page_start"),
        page_end=p.get("page_end"),
        source=str(p.get("source") or ""),
        quarantined=bool(p.get("quarantined", False)),
        score=float(hit.score),
    )


__all__ = [
    "PAYLOAD_INDEXES",
    "POINT_NAMESPACE",
    "SECTION_HINTS",
    "chunk_payloads",
    "content_hash",
    "embed_text",
    "hit_to_evidence",
    "order_of",
    "point_id",
    "to_point",
]
