# Sourced by scripts/serve and scripts/test: makes .venv from the locks (exact versions,
# every file checked against its hash) when it is missing or a lock changed, then puts it
# first on PATH. Serving needs requirements.lock only; the test command sets
# DUOCTHU_TEST_LOCK=1 to add requirements-test.lock (the test toolchain) to the same venv.
# Python 3.11 to 3.13; PYTHON picks the interpreter.
venv_dir="${DUOCTHU_VENV:-$PWD/.venv}"
python_bin="${PYTHON:-python3}"
runtime_stamp="$venv_dir/.requirements.lock.sha256"
test_stamp="$venv_dir/.requirements-test.lock.sha256"
runtime_want="$(sha256sum requirements-pip.lock requirements.lock pyproject.toml | sha256sum | cut -d' ' -f1)"
_duocthu_pip() {
  # (grep drops the notes this machine's pip config prints about absent local mirrors)
  "$venv_dir/bin/python" -m pip install -q --disable-pip-version-check "$@" \
    2> >(grep -v "is ignored: it is neither a file nor a directory" >&2)
}
if [ ! -x "$venv_dir/bin/python" ] || [ "$(cat "$runtime_stamp" 2>/dev/null)" != "$runtime_want" ]; then
  echo "== creating $venv_dir from requirements.lock" >&2
  "$python_bin" -c 'import sys; sys.exit(not ((3, 11) <= sys.version_info[:2] < (3, 14)))' || {
    echo "duocthu needs Python 3.11, 3.12 or 3.13 (set PYTHON=/path/to/python3.x)" >&2
    exit 1
  }
  "$python_bin" -m venv --clear "$venv_dir"
  # The installer first, at its pin: the pip a venv bundles may be older than the locks need
  # (pip 23.2 fails --require-hashes on an extra such as httpx[http2]); see scripts/lock.
  _duocthu_pip --require-hashes --only-binary :all: -r requirements-pip.lock
  # --no-compile: bytecode is written for what the service imports, not for every file.
  _duocthu_pip --no-compile --require-hashes --only-binary :all: -r requirements.lock
  # The project itself (editable); its build backend, setuptools, came from the lock.
  _duocthu_pip --no-deps --no-build-isolation -e .
  echo "$runtime_want" > "$runtime_stamp"
fi
if [ "${DUOCTHU_TEST_LOCK:-0}" = 1 ]; then
  test_want="$(sha256sum requirements-test.lock | cut -d' ' -f1)-$runtime_want"
  if [ "$(cat "$test_stamp" 2>/dev/null)" != "$test_want" ]; then
    echo "== adding requirements-test.lock to $venv_dir" >&2
    _duocthu_pip --require-hashes --only-binary :all: -r requirements-test.lock
    echo "$test_want" > "$test_stamp"
  fi
fi
export PATH="$venv_dir/bin:$PATH"
export VIRTUAL_ENV="$venv_dir"
