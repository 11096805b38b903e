"""Pharmacy product names people buy a medicine by, for corpora whose Tên thương mại section
does not list them: data only, each product with the substance it is sold as.

A nickname (`HOME_NICKNAMES`: a form and what it is for, "viên đạn hạ sốt") is read the
same way. A product names its drug only when the corpus names that substance (the drug is found
through the catalog's name index by the substance), and never overrides a name the corpus
itself gives. Single-substance products only: a combination sold under one name ("Decolgen",
"Alaxan") is not any one of its parts.
"""

from __future__ import annotations

HOME_BRANDS: tuple[tuple[str, str], ...] = (
    ("Tatanol", "paracetamol"),
    ("Dafalgan", "paracetamol"),
    ("Biragan", "paracetamol"),
    ("Sara", "paracetamol"),
    ("Tylenol", "paracetamol"),
    ("Perfalgan", "paracetamol"),
    ("Nurofen", "ibuprofen"),
    ("Ospamox", "amoxicillin"),
    ("Moxilen", "amoxicillin"),
    ("Midantin", "amoxicillin clavulanate"),
    ("Claminat", "amoxicillin clavulanate"),
    ("Azithral", "azithromycin"),
    ("Zmax", "azithromycin"),
    ("Zithromax", "azithromycin"),
    ("Zinnat", "cefuroxime"),
    ("Klacid", "clarithromycin"),
    ("Efferalgan", "paracetamol"),
    ("Hapacol", "paracetamol"),
    ("Panadol", "paracetamol"),
    ("Zyrtec", "cetirizine hydrochloride"),
    ("Ventolin", "salbutamol"),
    ("Medrol", "methylprednisolone"),
    ("Hydrocolacyl", "prednisolone"),
    ("Kagasdine", "omeprazole"),
    ("Mobimed", "meloxicam"),
    ("Motilium", "domperidone"),
    ("Rocephin", "ceftriaxone"),
    ("Depakine", "valproic acid"),
    ("Aspocid", "aspirin"),
    ("Smecta", "diosmectite"),
    ("Voltaren", "diclofenac"),
    ("Xanax", "alprazolam"),
    ("Theralene", "alimemazine"),
    ("Zentel", "albendazole"),
    ("Seduxen", "diazepam"),
    ("Valium", "diazepam"),
    ("Zyrtec", "cetirizine"),
    ("Lasix", "furosemide"),
    ("Nexium", "esomeprazole"),
    ("Losec", "omeprazole"),
    ("Clarityne", "loratadine"),
    ("Aerius", "desloratadine"),
    ("Primperan", "metoclopramide"),
    ("Imodium", "loperamide"),
    ("Tegretol", "carbamazepine"),
    ("Cordarone", "amiodarone"),
)

HOME_NICKNAMES: tuple[tuple[str, str], ...] = (
    ("viên đạn hạ sốt", "paracetamol"),
    ("viên nhét hậu môn hạ sốt", "paracetamol"),
    ("thuốc đạn hạ sốt", "paracetamol"),
    ("viên ngậm tim", "isosorbide dinitrate"),
    ("thuốc ngậm tim", "isosorbide dinitrate"),
)
"""What people call a medicine by its form and use, where one substance is meant: the
antipyretic suppository (paracetamol), the heart tablet held under the tongue."""

OTHER_NAMES: tuple[tuple[str, str], ...] = (
    ("penicilin G", "benzylpenicillin"),
    ("penicilin G natri", "benzylpenicillin"),
    ("penicilin G kali", "benzylpenicillin"),
    ("benzathin penicilin", "benzathine benzylpenicillin"),
    ("benzathin penicilin G", "benzathine benzylpenicillin"),
    ("penicilin benzathin", "benzathine benzylpenicillin"),
    ("benzathin", "benzathine benzylpenicillin"),
    ("procain penicilin", "procaine benzylpenicillin"),
    ("penicilin V", "phenoxymethylpenicillin"),
    ("acetaminophen", "paracetamol"),
    # the letters a ward's chart and a prescriber's note write for a substance
    ("PCM", "paracetamol"),
    ("MTX", "methotrexate"),
    ("INH", "isoniazid"),
)
"""Other names of one substance that the book does not print as its title: an older or
trade-usage name ("penicilin G" for benzylpenicillin, the long-acting "benzathin
penicilin"), the American name, a chart's letters ("PCM" for paracetamol). Matched word by
word in one spelling (`core.names.spelling`: "penicillin" = "penicilin"), only when the
corpus names the substance, and after every name the corpus prints."""

__all__ = ["HOME_BRANDS", "HOME_NICKNAMES", "OTHER_NAMES"]
