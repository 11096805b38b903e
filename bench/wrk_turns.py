"""Server-side turn capacity with `wrk` (C, not Python) as the load generator.

bench/http_load.py's Python client shares the 2 cores with the server and caps out
near the machine's HTTP ceiling for Python; this drives a running `duocthu serve`
with wrk instead, over many conversations so turns rarely queue on one of them.
Clarify-only texts (clarifications, smalltalk, refusals): no retrieval.

    apt-get install wrk
    RATE_LIMIT_PER_MINUTE=10000000 RATE_LIMIT_BURST=100000 duocthu serve --port 8766 &
    python bench/wrk_turns.py --url http://127.0.0.1:8766 --seconds 15
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import tempfile
import urllib.request
from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "results" / "wrk_turns.json"
TEXTS = ["Liều paracetamol?", "Trẻ em", "bé nặng 18 ký", "xin chào", "liều cho chó", "cảm ơn"]

LUA = """
local convs = {%(convs)s}
local texts = {%(texts)s}
local counter = 0
function setup(thread)
  thread:set("id", counter)
  counter = counter + 1
end
function init(args)
  n = 0
end
request = function()
  n = n + 1
  local c = convs[((id * 7919 + n) %% #convs) + 1]
  local body = '{"text": "' .. texts[(n %% #texts) + 1] .. '"}'
  return wrk.format("POST", "/v1/conversations/" .. c[1] .. "/turns",
    {["Authorization"] = "Bearer " .. c[2], ["Content-Type"] = "application/json"}, body)
end
"""


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--url", required=True)
    ap.add_argument("--seconds", type=int, default=15)
    ap.add_argument("--connections", type=int, default=16)
    ap.add_argument("--conversations", type=int, default=256)
    args = ap.parse_args()
    wrk = shutil.which("wrk")
    if wrk is None:
        raise SystemExit("wrk is not installed (apt-get install wrk)")
    convs = []
    for _ in range(args.conversations):
        url = f"{args.url}/v1/conversations"
        req = urllib.request.Request(url, method="POST")  # noqa: S310 - an http URL we are given
        with urllib.request.urlopen(req) as resp:  # noqa: S310 - same
            data = json.load(resp)
        convs.append(f'{{"{data["conversation_id"]}", "{data["token"]}"}}')
    texts = ", ".join(json.dumps(t, ensure_ascii=False) for t in TEXTS)
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as fh:
        fh.write(LUA % {"convs": ", ".join(convs), "texts": texts})
        script = fh.name
    cmd = [
        wrk,
        "-t2",
        f"-c{args.connections}",
        f"-d{args.seconds}s",
        "--latency",
        "-s",
        script,
        args.url,
    ]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    health = subprocess.run(
        [wrk, "-t1", f"-c{args.connections}", "-d5s", f"{args.url}/health"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    result = {
        "command": f"python bench/wrk_turns.py --url {args.url} --seconds {args.seconds}",
        "turns_per_s": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),  # type: ignore[union-attr]
        "latency": dict(re.findall(r"^\s+(50|90|99)%\s+(\S+)", out, re.M)),
        "non_2xx": int(non2xx.group(1)) if non2xx else 0,
        "health_requests_per_s": float(
            re.search(r"Requests/sec:\s+([\d.]+)", health).group(1)  # type: ignore[union-attr]
        ),
        "connections": args.connections,
        "conversations": args.conversations,
    }
    RESULTS.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
