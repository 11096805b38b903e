"""A small drug catalog matching the demo formulary's ids and names, for tests and evals.

Used when the corpus files are absent; the real catalog comes from the index.
"""

from __future__ import annotations

from core.catalog import DrugCatalog, DrugEntry

# drug_id: printed (DTQG) name | INN | aliases (English INN, other spellings, brand names)
_DEMO = """
paracetamol: Paracetamol | Paracetamol | acetaminophen, Panadol, Efferalgan, Hapacol
ibuprofen: Ibuprofen | Ibuprofen | Advil, Gofen
aspirin: Aspirin | Acid acetylsalicylic | acetylsalicylic acid, Aspegic
diclofenac: Diclofenac | Diclofenac | Voltaren
meloxicam: Meloxicam | Meloxicam | Mobic
amoxicillin: Amoxicilin | Amoxicillin | Clamoxyl
amoxicillin_clavulanate: Amoxicilin và acid clavulanic | Amoxicillin/clavulanic acid | \
co-amoxiclav, Augmentin, Klamentin
azithromycin: Azithromycin | Azithromycin | Zithromax
clarithromycin: Clarithromycin | Clarithromycin | Klacid
cefuroxime: Cefuroxim | Cefuroxime | Zinnat
ceftriaxone: Ceftriaxon | Ceftriaxone | Rocephin
ciprofloxacin: Ciprofloxacin | Ciprofloxacin | Ciprobay
metronidazole: Metronidazol | Metronidazole | Flagyl
fluconazole: Fluconazol | Fluconazole | Diflucan
warfarin: Warfarin | Warfarin | Coumadin
clopidogrel: Clopidogrel | Clopidogrel | Plavix
heparin: Heparin | Heparin |
phytomenadione: Phytomenadion | Phytomenadione | vitamin K1, vitamin K
digoxin: Digoxin | Digoxin | Lanoxin
furosemide: Furosemid | Furosemide | Lasix
spironolactone: Spironolacton | Spironolactone | Verospiron, Aldactone
amlodipine: Amlodipin | Amlodipine | Amlor
losartan: Losartan | Losartan | Cozaar
enalapril: Enalapril | Enalapril | Renitec
isosorbide_dinitrate: Isosorbid dinitrat | Isosorbide dinitrate | Risordan
atorvastatin: Atorvastatin | Atorvastatin | Lipitor
simvastatin: Simvastatin | Simvastatin | Zocor
metformin: Metformin | Metformin | Glucophage
gliclazide: Gliclazid | Gliclazide | Diamicron
levothyroxine: Levothyroxin | Levothyroxine | Levothyrox, Berlthyrox
omeprazole: Omeprazol | Omeprazole | Losec
domperidone: Domperidon | Domperidone | Motilium
ondansetron: Ondansetron | Ondansetron | Zofran
loperamide: Loperamid | Loperamide | Imodium
salbutamol: Salbutamol | Salbutamol | albuterol, Ventolin
prednisolone: Prednisolon | Prednisolone |
cetirizine: Cetirizin | Cetirizine | Zyrtec
loratadine: Loratadin | Loratadine | Clarityne
diazepam: Diazepam | Diazepam | Seduxen
carbamazepine: Carbamazepin | Carbamazepine | Tegretol
valproic_acid: Acid valproic | Valproic acid | valproat, natri valproat, Depakine
allopurinol: Alopurinol | Allopurinol | Zyloric
colchicine: Colchicin | Colchicine |
methotrexate: Methotrexat | Methotrexate |
"""


def demo_entries() -> list[DrugEntry]:
    """The demo formulary's 45 drugs as catalog entries."""
    entries = []
    for line in _DEMO.replace("\\\n", "").strip().splitlines():
        drug_id, _, rest = line.partition(":")
        name, inn, aliases = (part.strip() for part in rest.split("|"))
        entries.append(
            DrugEntry(
                drug_id=drug_id.strip(),
                name=name,
                inn=inn,
                aliases=tuple(a.strip() for a in aliases.split(",") if a.strip()),
            )
        )
    return entries


def demo_catalog() -> DrugCatalog:
    """A `DrugCatalog` of the demo formulary's drugs (no corpus files needed)."""
    return DrugCatalog(demo_entries())


__all__ = ["demo_catalog", "demo_entries"]
