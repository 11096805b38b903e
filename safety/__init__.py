"""Safety below the turn: triage (routing rule 0) and the patient safety assessment."""
