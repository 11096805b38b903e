"""Properties of the band reader (grounding/bands.py, read by grounding/book): what a band
says in Vietnamese reads back as that band, accents or not, with its ends where printed."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from core.text import fold
from grounding.band_names import describe
from grounding.bands import Band, Bands, parse_bands

UNITS = {"tuổi": 12.0, "tháng": 1.0}
EPS = 1e-3

numbers = st.integers(min_value=1, max_value=60)
units = st.sampled_from(sorted(UNITS))
leads = st.sampled_from(["Trẻ em ", "Trẻ ", "Không dùng cho trẻ ", "- Trẻ em "])

# Each rule of the grammar: how it is printed, and the band it names (lo, hi, loose_hi) for
# a number n of a unit worth u months.
UPPER_STRICT = ("dưới {n} {u}", "< {n} {u}", "nhỏ hơn {n} {u}")
UPPER_INCLUSIVE = ("≤ {n} {u}", "{n} {u} trở xuống", "không quá {n} {u}", "dưới hoặc bằng {n} {u}")
LOWER_STRICT = ("trên {n} {u}", "> {n} {u}")
LOWER_INCLUSIVE = ("từ {n} {u} trở lên", "≥ {n} {u}", "{n} {u} trở lên")


def _read(text: str) -> Band:
    band = parse_bands(text).age
    assert band is not None, text
    return band


@given(leads, numbers, units, st.sampled_from(UPPER_STRICT))
def test_a_strict_upper_bound_stops_before_its_number(
    lead: str, n: int, unit: str, rule: str
) -> None:
    """ "dưới 2 tuổi": a child of exactly 2 is out, one a little younger is in."""
    end = n * UNITS[unit]
    band = _read(lead + rule.format(n=n, u=unit) + ".")
    assert band.lo == 0
    assert band.contains(end - EPS)
    assert not band.contains(end)


@given(leads, numbers, units, st.sampled_from(UPPER_INCLUSIVE))
def test_an_inclusive_upper_bound_keeps_its_number(lead: str, n: int, unit: str, rule: str) -> None:
    """ "≤ 2 tuổi", "2 tuổi trở xuống", "không quá 2 tuổi": a child of exactly 2 is in."""
    end = n * UNITS[unit]
    band = _read(lead + rule.format(n=n, u=unit) + ".")
    assert band.lo == 0
    assert band.contains(end)
    assert not band.contains(end + EPS)


@given(leads, numbers, units, st.sampled_from(LOWER_STRICT + LOWER_INCLUSIVE))
def test_a_lower_bound_opens_upwards(lead: str, n: int, unit: str, rule: str) -> None:
    """ "trên 2 tuổi" leaves exactly 2 out; "từ 2 tuổi trở lên" keeps it; both reach up."""
    start = n * UNITS[unit]
    band = _read(lead + rule.format(n=n, u=unit) + ".")
    assert band.hi == math.inf
    assert band.contains(start) is (rule in LOWER_INCLUSIVE)
    assert band.contains(start + EPS)
    assert not band.contains(start - EPS)


@given(leads, numbers, st.integers(min_value=1, max_value=30), units, st.booleans())
def test_a_range_reaches_through_its_last_unit_unless_said_strict(
    lead: str, lo: int, width: int, unit: str, strict_end: bool
) -> None:
    """ "2 - 4 tuổi" keeps a child of 4 years 11 months; "2 - dưới 4 tuổi" stops at 4."""
    u = UNITS[unit]
    hi = lo + width
    phrase = f"{lo} - {'dưới ' if strict_end else ''}{hi} {unit}"
    band = _read(f"{lead}{phrase}.")
    assert band.lo == lo * u
    assert not band.contains(lo * u - EPS)
    assert band.contains(hi * u - EPS)
    assert band.contains(hi * u + u - EPS) is not strict_end
    assert not band.contains(hi * u + u)


ages = st.one_of(
    st.builds(lambda hi: Band(0.0, hi, hi), st.integers(2, 17).map(lambda y: y * 12.0)),
    st.builds(lambda hi: Band(0.0, hi, hi), st.integers(2, 23).map(float)),
    st.builds(lambda lo: Band(lo, math.inf, math.inf), st.integers(2, 17).map(lambda y: y * 12.0)),
    st.builds(
        lambda lo, w: Band(lo * 12.0, (lo + w) * 12.0, (lo + w + 1) * 12.0),
        st.integers(2, 10),
        st.integers(1, 8),
    ),
)


@given(ages)
def test_a_described_band_reads_back_as_itself(band: Band) -> None:
    """What `describe` prints for an age band ("dưới 6 tuổi", "2–4 tuổi", "từ 12 tuổi")
    reads back as that band."""
    said = describe(Bands(age=band))
    assert _read(f"Trẻ em {said}:") == band


@given(leads, numbers, units, st.sampled_from(UPPER_STRICT + UPPER_INCLUSIVE + LOWER_INCLUSIVE))
def test_accent_free_text_reads_the_same(lead: str, n: int, unit: str, rule: str) -> None:
    """The same phrase typed without diacritics names the same bands."""
    text = lead + rule.format(n=n, u=unit) + "."
    assert parse_bands(fold(text)) == parse_bands(text)
