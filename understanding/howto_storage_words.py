"""The words of storage questions (issue 22): how a medicine is kept, how it looks or
smells when it has spoilt, and how it is thrown away; folded like `lexicon`: data only
(`understanding.howto_words` holds the other topics)."""

from __future__ import annotations


def p(spec: str) -> tuple[str, ...]:
    """Phrases written `a|b|c` (as in `lexicon`)."""
    return tuple(w.strip() for w in spec.split("|") if w.strip())


STORAGE_CUES = p(
    "tu lanh|ngan mat|ngan da|de ngoai|de o ngoai|de o dau|cat o dau|de noi nao|"
    "de trong xe|sau khi mo|da mo nap|mo nap|"
    # how it looks or keeps: a changed colour or smell, light, damp, the blister
    "doi mau|nga mau|nga vang|mau vang|bi vang|vang ra|bi doi mau|von cuc|chay nuoc|"
    "mui chua|mui giam|mui la|bi mui|boc mui|co mui|anh sang|tranh sang|noi am|bi am|"
    "nha tam|am uot|khoi vi|ra khoi vi|boc ra|boc san|hop chia|hop dung|mo tui|mo ong|"
    "con lai|de danh|vut bo|vut vao|dot bo|dot binh|bep lua|thung rac|het han|qua han|"
    "khoi hop|ra khoi hop|de san|bay ra|dot di|choc thung|lo thuy tinh|lo rieng|hop rieng|"
    "doi lo|de trong lo|con du|con thua|de lan sau|duc duc|bi duc|hoi duc|tach lop|ket tua|"
    "cop xe|trong cop|de trong cop|am qua|am lam|do am|am thap|tu bep|nha am|"
    # moved out of its pack, thrown away, or looking spoilt
    "vut vo|bo vo hop|bo vao hop|bo ra hop|cho vao hop|hop nhua|hop nho|lo nho|"
    "boc het|boc san|dot duoc|co tua|bi tua|lon con|van duc|cat san|"
    # into another box or bottle: "bóc viên ra bỏ chung hộp khác"
    "boc vien ra|hop khac|lo khac|chai khac|chung hop|chung lo|sang hop|sang lo|"
    # how to keep it, or it went soft in the heat ("cất sao cho đúng", "mềm nhũn")
    "cat sao|cat the nao|cat nhu nao|cat ra sao|mem nhun|bi mem|mem ra|chay mem|"
    # where to keep it so it does not melt in the heat ("cất chỗ nào cho khỏi chảy")
    "cat cho nao|de cho nao|cat o cho nao|de o cho nao|khoi chay|khoi bi chay|bi chay ra|"
    # how long a made-up or opened one keeps before it is thrown away
    "phai bo|thi bo|bo di|de may tieng|de may gio|de duoc may tieng|giu duoc may tieng|"
    # its pouch or box opened ahead of use: "bóc túi bạc", "mở hộp ra để trên xe tiêm"
    "boc tui|xe tui|mo hop|boc hop|khui hop|khui tui|de tren xe|xe tiem|xe thuoc|"
    "ra khoi tui|ngoai tui|de tren ban|"
    # a spent canister or pack thrown away: "đem đốt chung đống rác"
    "dem dot|dot chung|dot cung|dong rac|bai rac|vut rac|bo rac|"
    # spoilt, or a colour it turned: "có bị hư không", "ngả hổ phách", "vàng vàng"
    "bi hu|hu roi|hu chua|bi hong|hong roi|hong chua|ho phach|vang vang|vang nhat|sam mau|"
    "chuyen mau|bi sam|"
    # the light it stands in, the pack it is kept in, carried about: "để dưới đèn", "để lại
    # trong hộp", "bỏ túi áo mang theo"
    "duoi den|anh den|den chieu|trong hop|tui ao|bo tui|mang theo|"
    # frozen: "để tủ đông bị đông đá"
    "tu dong|dong da|dong cung|"
    # taken out or drawn up ahead and left for the next round: "lấy sẵn ống ra khay", "rút
    # sẵn vào bơm tiêm để qua đêm"
    "lay san|rut san|ra khay|tren khay|vao khay|de qua dem|de tu toi|de tu dem"
)

__all__ = ["STORAGE_CUES", "p"]
