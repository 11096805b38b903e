"""The formulary's section keys and their printed titles (docs/corpus-format.md)."""

from __future__ import annotations

from enum import StrEnum


class SectionKey(StrEnum):
    """A monograph section, named as the contract names it."""

    DANG_THUOC_HAM_LUONG = "dang_thuoc_ham_luong"
    DUOC_LY = "duoc_ly"
    DUOC_DONG_HOC = "duoc_dong_hoc"
    CHI_DINH = "chi_dinh"
    CHONG_CHI_DINH = "chong_chi_dinh"
    THAN_TRONG = "than_trong"
    THOI_KY_MANG_THAI = "thoi_ky_mang_thai"
    THOI_KY_CHO_CON_BU = "thoi_ky_cho_con_bu"
    TAC_DUNG_KHONG_MONG_MUON = "tac_dung_khong_mong_muon"
    HUONG_DAN_XU_TRI_ADR = "huong_dan_xu_tri_adr"
    LIEU_LUONG_CACH_DUNG = "lieu_luong_cach_dung"
    TUONG_TAC_THUOC = "tuong_tac_thuoc"
    TUONG_KY = "tuong_ky"
    DO_ON_DINH_BAO_QUAN = "do_on_dinh_bao_quan"
    QUA_LIEU_XU_TRI = "qua_lieu_xu_tri"
    THONG_TIN_QUY_CHE = "thong_tin_quy_che"
    TEN_THUONG_MAI = "ten_thuong_mai"


SECTION_TITLES: dict[SectionKey, str] = {
    SectionKey.DANG_THUOC_HAM_LUONG: "Dạng thuốc và hàm lượng",
    SectionKey.DUOC_LY: "Dược lý và cơ chế tác dụng",
    SectionKey.DUOC_DONG_HOC: "Dược động học",
    SectionKey.CHI_DINH: "Chỉ định",
    SectionKey.CHONG_CHI_DINH: "Chống chỉ định",
    SectionKey.THAN_TRONG: "Thận trọng",
    SectionKey.THOI_KY_MANG_THAI: "Thời kỳ mang thai",
    SectionKey.THOI_KY_CHO_CON_BU: "Thời kỳ cho con bú",
    SectionKey.TAC_DUNG_KHONG_MONG_MUON: "Tác dụng không mong muốn (ADR)",
    SectionKey.HUONG_DAN_XU_TRI_ADR: "Hướng dẫn cách xử trí ADR",
    SectionKey.LIEU_LUONG_CACH_DUNG: "Liều lượng và cách dùng",
    SectionKey.TUONG_TAC_THUOC: "Tương tác thuốc",
    SectionKey.TUONG_KY: "Tương kỵ",
    SectionKey.DO_ON_DINH_BAO_QUAN: "Độ ổn định và bảo quản",
    SectionKey.QUA_LIEU_XU_TRI: "Quá liều và xử trí",
    SectionKey.THONG_TIN_QUY_CHE: "Thông tin quy chế",
    SectionKey.TEN_THUONG_MAI: "Tên thương mại",
}

# The sections an overview ("X là thuốc gì") quotes the first lines of, in order.
OVERVIEW_SECTIONS: tuple[SectionKey, ...] = (
    SectionKey.DANG_THUOC_HAM_LUONG,
    SectionKey.CHI_DINH,
    SectionKey.CHONG_CHI_DINH,
)

# The sections of a pregnant or nursing patient: a question about her is also answered there.
OWN_PATIENT_SECTIONS = frozenset(
    {SectionKey.THOI_KY_MANG_THAI.value, SectionKey.THOI_KY_CHO_CON_BU.value}
)


def section_title(key: str) -> str:
    """The printed title of a section key; the key itself when it is not one of ours."""
    try:
        return SECTION_TITLES[SectionKey(key)]
    except ValueError:
        return key


__all__ = [
    "OVERVIEW_SECTIONS",
    "OWN_PATIENT_SECTIONS",
    "SECTION_TITLES",
    "SectionKey",
    "section_title",
]
