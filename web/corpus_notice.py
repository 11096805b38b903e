"""Whether the service answers from the bundled demo corpus, so the chat page can say
"demo data, not for clinical use" from the moment it opens (issue 25), not only once an
answer cites it. Every record of the demo corpus says so in its `source`
(data/README.md); a corpus of the real book does not."""

from __future__ import annotations

import logging
from typing import Any

from core.sections import SectionKey

DEMO_SOURCE_PREFIX = "duocthu-demo"
log = logging.getLogger("duocthu.server")


def serves_demo_corpus(runtime: Any) -> bool:
    """True when the corpus served holds demo records: the first drug of the catalog, by
    its first section found, has a demo `source`. False when it cannot tell (no retriever,
    an empty or failing index): the notice is then shown once an answer cites demo data."""
    retriever = getattr(runtime, "retriever", None)
    if retriever is None:
        return False
    try:
        first = next(iter(retriever.catalog()), None)
        if first is None:
            return False
        for key in SectionKey:
            evidence = retriever.find_by_section(first.drug_id, key.value)
            if evidence:
                return bool(str(evidence[0].source).startswith(DEMO_SOURCE_PREFIX))
    except Exception:  # the page must open whatever the index does
        log.warning("could not tell whether the demo corpus is served", exc_info=True)
    return False


def with_demo_mark(page: str) -> str:
    """The chat page with `<body data-demo-corpus="true">`, which shows its demo notice."""
    return page.replace("<body>", '<body data-demo-corpus="true">', 1)


__all__ = ["DEMO_SOURCE_PREFIX", "serves_demo_corpus", "with_demo_mark"]
