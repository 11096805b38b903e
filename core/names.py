"""How drug names are written, as rules: words, spelling folds, salt words, parts, brands.

Pure functions over strings. `core.name_index` applies them to every name a corpus
carries and to what users type, so a rule written here holds for both sides: the
English INN "Cetirizine hydrochloride" and the book's "Cetirizin hydroclorid" fold to
the same words, and the base name "cetirizin" is what is left without the salt word.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from core.text import strip_marks


def _split_words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Words that join or qualify a name without naming a substance: "Amoxicilin và acid
# clavulanic", "acetylsalicylic acid", "thuốc paracetamol".
LINK_WORDS = frozenset({"va", "and", "voi", "with", "acid", "axit", "thuoc"})

# Counter-ions, esters and hydrates written after (or before) a base name, in the book's
# spelling and in English; `spelling` folds both, so one entry covers "sulfat", "sulfate"
# and "sulphate".
_SALT_WORDS = (
    "hydroclorid dihydroclorid hydrobromid hcl clorid bromid iodid sulfat bisulfat hydrogen "
    "natri dinatri sodium disodium kali potassium calci calcium magnesi magnesium "
    "maleat besilat besylat fumarat hemifumarat tartrat bitartrat citrat acetat diacetat "
    "phosphat succinat mesylat mesilat dimesylat nitrat lactat gluconat propionat dipropionat "
    "valerat butyrat palmitat stearat pamoat embonat tosylat acetonid hyclat axetil benzoat "
    "hydrat monohydrat dihydrat trihydrat sesquihydrat hemihydrat meglumin trometamol "
    "carbonat bicarbonat "
    # Esters and salt-forming bases printed with the active part ("Candesartan cilexetil",
    # "Benzathin benzylpenicilin"): users name the drug without them.
    "cilexetil medoxomil hexetil pivoxil proxetil mofetil estolat ethylsuccinat furoat "
    "benzathin benzathine procain"
)

# Common medicines that are not in the demo formulary. They are recognised as drug names
# (so the engine can say "not in the formulary") and are never fuzzily mapped to a catalog
# neighbour (prednison is not prednisolon; esomeprazol is not omeprazol). A corpus that
# does carry one of them (the real book has tramadol and morphin) makes it a name again.
KNOWN_NON_CATALOG = _split_words(
    "prednison prednisone methylprednisolon methylprednisolone dexamethason dexamethasone "
    "esomeprazol esomeprazole pantoprazol pantoprazole lansoprazol rabeprazol cefixim cefixime "
    "cefalexin cephalexin cefaclor cefdinir cefpodoxim ceftazidim cefotaxim levofloxacin "
    "ofloxacin moxifloxacin erythromycin doxycyclin doxycycline tetracyclin penicilin penicillin "
    "ampicilin ampicillin cloxacilin gentamicin vancomycin tamiflu oseltamivir acyclovir aciclovir "
    "insulin morphin morphine tramadol codein codeine naproxen celecoxib etoricoxib piroxicam "
    "nifedipin nifedipine bisoprolol metoprolol atenolol propranolol valsartan telmisartan "
    "irbesartan captopril lisinopril perindopril rosuvastatin pravastatin fenofibrat glimepirid "
    "glibenclamid sitagliptin acarbose ranitidin famotidin lansoprazole metoclopramid "
    "alverin drotaverin smecta berberin fexofenadin desloratadin chlorpheniramin "
    "montelukast budesonid ambroxol bromhexin acetylcystein dextromethorphan alprazolam "
    "lorazepam phenobarbital levetiracetam gabapentin pregabalin sertralin fluoxetin "
    "amitriptylin haloperidol olanzapin risperidon rivaroxaban apixaban dabigatran enoxaparin "
    "ivermectin albendazol mebendazol vitamin sildenafil viagra misoprostol oxytocin "
    "hydrocortison betamethason tobramycin neomycin nystatin clotrimazol ketoconazol "
    "itraconazol terbinafin mupirocin fusidic febuxostat benzbromaron "
    "spiramycin cotrimoxazol sulfamethoxazol nitrofurantoin tinidazol secnidazol dioxin "
    "dopamin dopamine dobutamin adrenalin adrenaline noradrenalin epinephrin atropin lidocain "
    "lidocaine procain ketamin propofol midazolam fentanyl methadon levodopa clonidin clozapin "
    "salmeterol granisetron glipizid ramipril amiodaron nitroglycerin digitoxin menadion "
    "ketoprofen aceclofenac roxithromycin clonazepam flunarizin heroin nicotin"
)

# Words a product name adds to its brand ("Augmentin SR", "Azicap 250", "Ceratir Tab.").
_PRODUCT_WORDS = _split_words(
    "tab tabs tablet tablets inj injection syrup sirop cap caps capsule capsules sr mr xr cr "
    "la retard forte fort duo dry susp suspension gel cream kem drop drops"
)
_STRENGTH = re.compile(r"^\d[\d.,/:]*$")
_WORD = re.compile(r"[a-z0-9]+")
_BREAK_CHARS = frozenset(".;:?!()[]\n")
_TEXT_TOKEN = re.compile(r"[a-z0-9]+|[.;:?!()\[\]\n]")
_PAREN = re.compile(r"\(([^()]*)\)")
_PART_SPLIT = re.compile(r"\s+(?:và|va|and|with|với|voi)\s+|\s*[+/,]\s*", re.IGNORECASE)
_HYPHEN_PARTS = re.compile(r"(?<=[^\W\d_]{4})-(?=[^\W\d_]{4})")
_BRAND_SPLIT = re.compile(r"[;\n]+")
_VI_SYLLABLE = re.compile(
    r"^(ngh|ng|gh|gi|kh|nh|ph|th|tr|ch|qu|[bcdghklmnprstvx])?"
    r"(uye|uya|uyu|oai|oay|oeo|uoi|uou|uay|uai|ieu|yeu|uoc|ai|ao|au|ay|eo|eu|ia|ie|iu|oa|oe|oi|"
    r"ua|ue|ui|uo|uu|uy|ye|[aeiouy])"
    r"(ch|nh|ng|[cmnpt])?$"
)
_DOUBLE = re.compile(r"([bcdfglmnprstz])\1")
_CH_CONSONANT = re.compile(r"ch(?=[lr])")


def words_of(text: str) -> tuple[str, ...]:
    """The folded letter-and-digit words of a name ("Co-trimoxazol" → co, trimoxazol)."""
    return tuple(_WORD.findall(strip_marks(text)))


@lru_cache(maxsize=4096)
def text_tokens(text: str) -> tuple[tuple[str, ...], frozenset[int]]:
    """Folded words of free text, and the word indexes a sentence or bracket break precedes.

    A name never spans a break, so "… amoxicilin. Acid clavulanic …" is two mentions,
    not the combination.
    """
    words: list[str] = []
    breaks: set[int] = set()
    for token in _TEXT_TOKEN.findall(strip_marks(text)):
        if token[0].isalnum():
            words.append(token)
        else:
            breaks.add(len(words))
    return tuple(words), frozenset(breaks)


def span_breaks(text: str, spans: Sequence[tuple[int, int]]) -> frozenset[int]:
    """`text_tokens`' breaks for words already found at `spans` of `text`."""
    return frozenset(
        k
        for k in range(1, len(spans))
        if any(c in _BREAK_CHARS for c in text[spans[k - 1][1] : spans[k][0]])
    )


def is_vietnamese_syllable(token: str) -> bool:
    """True when a folded token could be one Vietnamese syllable (so it is not a drug name)."""
    return bool(_VI_SYLLABLE.match(token))


SHORT_FORMS = {"vit": "vitamin"}
"""Abbreviations people type for a word of a drug's name ("vit K1" is vitamin K1)."""


@lru_cache(maxsize=65536)
def spelling(word: str) -> str:
    """One spelling for a folded word, shared by the English INN and the Vietnamese name.

    amoxicillin → amoxicilin (doubled letters), morphine → morfin (ph → f, final e),
    hydrochloride → hydroclorid (chl → cl), calcium → calci (-ium → -i), clavulanic →
    clavulanat (the acid and its salt name one moiety), amoxycillin → amoxicilin (y → i).
    Words with digits and short words stay as they are, but for the abbreviations of
    `SHORT_FORMS` ("vit" → vitamin).
    """
    if word in SHORT_FORMS:
        return SHORT_FORMS[word]
    if len(word) < 4 or not word.isalpha():
        return word
    folded = _spell_once(word)
    # One more pass settles the rare word a first pass changes again ("...ice" → "...ic").
    return folded if folded == word else _spell_once(folded)


def _spell_once(word: str) -> str:
    w = _CH_CONSONANT.sub("c", word.replace("ph", "f"))
    w = _DOUBLE.sub(r"\1", w.replace("ae", "e").replace("y", "i"))
    if len(w) >= 7 and w.endswith("ium"):
        w = w[:-3] + "i"
    if len(w) >= 7 and w.endswith("ic"):
        w = w[:-2] + "at"
    if len(w) >= 5 and w.endswith("e") and w[-2] not in "aeiou":
        w = w[:-1]
    return w


SALT_WORDS = frozenset(spelling(w) for w in _SALT_WORDS.split())
_LINK_SPELLINGS = frozenset(spelling(w) for w in LINK_WORDS)


def is_link(word: str) -> bool:
    """Whether a folded word joins names rather than naming a substance."""
    return word in LINK_WORDS or word in _LINK_SPELLINGS


def content_words(words: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """Spelling-folded words without link words, sorted: a name's words in any order."""
    return tuple(sorted(spelling(w) for w in words if not is_link(w)))


def base_words(content: tuple[str, ...]) -> tuple[str, ...] | None:
    """The content words without salt or ester words, or None when nothing would be left.

    "Tramadol hydroclorid" → (tramadol,); "Natri clorid" has no base (every word is a salt).
    """
    kept = tuple(w for w in content if w not in SALT_WORDS)
    if not kept or len(kept) == len(content):
        return None
    return kept


def split_parentheses(name: str) -> tuple[str, tuple[str, ...]]:
    """A name without its bracketed parts, and the comma-separated names inside them.

    "Phytomenadion (Pytonadion, vitamin K1)" → ("Phytomenadion", ("Pytonadion", "vitamin K1")).
    """
    inner = tuple(
        item.strip() for group in _PAREN.findall(name) for item in group.split(",") if item.strip()
    )
    return " ".join(_PAREN.sub(" ", name).split()), inner


def ingredient_parts(name: str) -> tuple[str, ...]:
    """The substances a printed name joins with "và", "+", "/", "," or a hyphen.

    "Amoxicilin và kali clavulanat" → two parts; "Co-trimoxazol" stays one (a short prefix
    is not a substance).
    """
    main, _ = split_parentheses(name)
    pieces = _PART_SPLIT.split(_HYPHEN_PARTS.sub("/", main))
    return tuple(p.strip() for p in pieces if p and words_of(p))


def is_plain_words(words: tuple[str, ...]) -> bool:
    """Whether every word is an ordinary Vietnamese syllable ("Dùng trong hô hấp")."""
    return bool(words) and all(is_vietnamese_syllable(w) for w in words)


def brand_names(text: str) -> tuple[str, ...]:
    """Product names listed in a Tên thương mại section, each once, in order.

    Items are separated by ";" or line breaks; emphasis marks and a closing full stop
    are dropped, and items longer than a product name (over five words) are skipped.
    """
    found: list[str] = []
    for raw in _BRAND_SPLIT.split(text.replace("*", " ").replace("_", " ")):
        item = " ".join(raw.split()).strip(" .,:")
        if item and len(item.split()) <= 5:
            found.append(item)
    return tuple(dict.fromkeys(found))


def product_stem(words: tuple[str, ...]) -> tuple[str, ...]:
    """A brand's words without a trailing strength or form ("Tegretol CR 200" → tegretol)."""
    end = len(words)
    while end > 1 and (_STRENGTH.match(words[end - 1]) or words[end - 1] in _PRODUCT_WORDS):
        end -= 1
    return words[:end]


def is_known_other_substance(words: tuple[str, ...]) -> bool:
    """A single word that names a medicine outside the catalog (the book lists "Prednison"
    among prednisolone products, but prednisone is another substance)."""
    return len(words) == 1 and spelling(words[0]) in _KNOWN_SPELLINGS


_KNOWN_SPELLINGS = frozenset(spelling(w) for w in KNOWN_NON_CATALOG)

__all__ = [
    "KNOWN_NON_CATALOG",
    "LINK_WORDS",
    "SALT_WORDS",
    "base_words",
    "brand_names",
    "content_words",
    "ingredient_parts",
    "is_known_other_substance",
    "is_link",
    "is_plain_words",
    "is_vietnamese_syllable",
    "product_stem",
    "span_breaks",
    "spelling",
    "split_parentheses",
    "text_tokens",
    "words_of",
]
