"""Versioned prompt files (`core/prompts/*.md`): the first line names the version."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources

from core.errors import ConfigError


@dataclass(frozen=True, slots=True)
class Prompt:
    name: str
    version: str
    text: str


@cache
def load_prompt(name: str) -> Prompt:
    """Read `prompts/<name>.md`; its first line must be `version: <id>`."""
    path = resources.files("core").joinpath("prompts", f"{name}.md")
    try:
        raw = path.read_text(encoding="utf-8")
    except FileNotFoundError as exc:
        raise ConfigError(f"no prompt named {name!r}") from exc
    first, _, body = raw.partition("\n")
    key, _, version = first.partition(":")
    if key.strip() != "version" or not version.strip():
        raise ConfigError(f"prompt {name!r} must start with 'version: <id>', got {first!r}")
    return Prompt(name=name, version=version.strip(), text=body.strip())


__all__ = ["Prompt", "load_prompt"]
