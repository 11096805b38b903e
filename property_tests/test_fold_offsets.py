"""Property: a span of a text folded is the same span read off the text's one folding."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from core.text import fold, fold_offsets

# Vietnamese letters in both cases, digits, marks of the book, whitespace of several kinds
# and combining marks typed on their own. (A capital sigma is left out: lowercasing it
# depends on the letters after it, which a span cuts off.)
_ALPHABET = st.sampled_from(
    list("aăâbdđeêiouơưyAĂÂĐÊÔƠƯàáảãạầấẩẫậềếểễệìíỉĩịòóỏõọồốổỗộờớởỡợùúủũụừứửữựỳýỷỹỵ")
    + list("0123456789 ,.;:()*_-/<>≤≥%")
    + [" ", "  ", "\t", "\n", "\u00a0", "\u0301", "\u0303", "\u0323"]
)


@given(st.lists(_ALPHABET, max_size=40).map("".join), st.data())
def test_a_span_folds_as_its_slice(text: str, data: st.DataObject) -> None:
    """`folded[at[a]:at[b]].strip()` is `fold(text[a:b])`, and `folded` is `fold(text)`."""
    folded, at = fold_offsets(text)
    assert folded == fold(text)
    start = data.draw(st.integers(0, len(text)))
    stop = data.draw(st.integers(start, len(text)))
    assert folded[at[start] : at[stop]].strip() == fold(text[start:stop])
