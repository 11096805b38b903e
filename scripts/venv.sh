# Sourced by scripts/serve and scripts/test: makes .venv from requirements.lock (exact
# versions, every file checked against its hash) when it is missing or the lock changed,
# then puts it first on PATH. Python 3.11 to 3.13; PYTHON picks the interpreter.
venv_dir="${DUOCTHU_VENV:-$PWD/.venv}"
python_bin="${PYTHON:-python3}"
stamp="$venv_dir/.requirements.lock.sha256"
want="$(sha256sum requirements.lock pyproject.toml | sha256sum | cut -d' ' -f1)"
if [ ! -x "$venv_dir/bin/python" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  echo "== creating $venv_dir from requirements.lock"
  "$python_bin" -c 'import sys; sys.exit(not ((3, 11) <= sys.version_info[:2] < (3, 14)))' || {
    echo "duocthu needs Python 3.11, 3.12 or 3.13 (set PYTHON=/path/to/python3.x)" >&2
    exit 1
  }
  "$python_bin" -m venv --clear "$venv_dir"
  # (grep drops the notes this machine's pip config prints about absent local mirrors)
  "$venv_dir/bin/python" -m pip install -q --disable-pip-version-check \
    --require-hashes --only-binary :all: -r requirements.lock \
    2> >(grep -v "is ignored: it is neither a file nor a directory" >&2)
  # The project itself (editable); its build backend, setuptools, came from the lock.
  "$venv_dir/bin/python" -m pip install -q --disable-pip-version-check \
    --no-deps --no-build-isolation -e .
  echo "$want" > "$stamp"
fi
export PATH="$venv_dir/bin:$PATH"
export VIRTUAL_ENV="$venv_dir"
