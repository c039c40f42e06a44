"""Load test: the puzzle page and the answer POST under 50 concurrent users, beside a trivial view.

Runs gunicorn (production settings: DEBUG off, collected static files, persistent database
connections) against PostgreSQL on loopback, fills a scratch database with puzzles analysed by
the engine and 50 logged-in players, then drives each endpoint in turn with 50 keep-alive clients
(a small asyncio HTTP/1.1 client in this process) for a fixed time, in two ways:

* **closed loop, no think time** ("saturated"): each user sends its next request as soon as the
  last answer arrives. This measures the server's maximum throughput; the latencies there are
  mostly time spent queueing (50 users / throughput), not the time one request takes.
* **with think time** ("think ~1 s"): each user waits a random 0.5-1.5 s (mean 1 s) between an
  answer and its next request, as a person reading the page would, so 50 users offer about 50
  requests per second and the server is not saturated. Its p50/p95 are what a visitor feels.

Then it times each endpoint for one user alone (the service time of one request). It prints
requests per second with the p50 and p95 latency for every phase, and the load average.

    .venv/bin/python bench/bench_load.py [--users 50] [--seconds 10] [--think 1.0]
                                         [--workers 3] [--threads 2]

Needs PostgreSQL at 127.0.0.1:5432 (``BENCH_DATABASE_URL``, default
``postgres://postgres@127.0.0.1:5432/tutor_bench``; the database is created if missing and its
tables are emptied). Loopback only. Bounded in time: every phase stops after ``--seconds`` (a
request in flight then is still waited for); the whole run takes about two minutes.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DB = "postgres://postgres@127.0.0.1:5432/tutor_bench"
HANDS = [
    # 14-tile what-to-discard positions; the engine analyses each one for the scratch puzzles.
    "123456789m12p35s1z",
    "123456789m12p35s2z",
    "123456789m12p35s3z",
    "123456789m12p35s4z",
    "123456789m12p35s5z",
    "123456789m12p35s6z",
    "123456789m12p35s7z",
    "234567m12p35s1155z",
    "345678m12p35s1166z",
    "456789m12p35s1177z",
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def ensure_database(url: str) -> None:
    import psycopg

    parsed = urlparse(url)
    name = parsed.path.lstrip("/")
    admin = parsed._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone():
            conn.execute(f'CREATE DATABASE "{name}"')


SETTINGS = """
from tutor.config.settings import *  # noqa: F403
ROOT_URLCONF = "bench_load_urls"
# The manifest storage refuses the vendored Bootstrap (its bundle names a missing .map file);
# compressed files without a manifest serve the same bytes for the measurement.
STORAGES["staticfiles"] = {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"}  # noqa: F405
"""
URLS = """
from django.http import HttpResponse
from django.urls import path

from tutor.config.urls import urlpatterns as project


def trivial(request):
    return HttpResponse("ok", content_type="text/plain")


urlpatterns = [path("bench/trivial", trivial), *project]
"""


def prepare(env: dict[str, str], users: int) -> dict[str, object]:
    """Migrate, collect static files and create puzzles and players; return what the clients
    need (puzzle ids, session cookies, the CSRF token)."""
    py = str(ROOT / ".venv" / "bin" / "python")
    subprocess.run(
        [py, "manage.py", "migrate", "--noinput"],
        cwd=ROOT,
        env=env,
        check=True,
        stdout=subprocess.DEVNULL,
    )
    subprocess.run(
        [py, "manage.py", "collectstatic", "--noinput"],
        cwd=ROOT,
        env=env,
        check=True,
        stdout=subprocess.DEVNULL,
    )
    script = textwrap.dedent(
        f"""
        import json, django
        django.setup()
        from django.conf import settings
        from django.contrib.auth import get_user_model, HASH_SESSION_KEY, SESSION_KEY, BACKEND_SESSION_KEY
        from django.contrib.sessions.backends.db import SessionStore
        from puzzles.models import Puzzle, PuzzleAttempt, PlayerRating
        from tutor.engine.analysis import discard_analysis
        from tutor.engine.shanten import shanten
        from tutor.engine.tiles import parse_tiles, to_counts
        from tutor.exercises.facts import discard_row, to_json
        PuzzleAttempt.objects.all().delete()
        PlayerRating.objects.all().delete()
        ids = []
        for i, hand in enumerate({HANDS!r}):
            counts = to_counts(parse_tiles(hand))
            rows = [discard_row(o) for o in discard_analysis(counts)]
            puzzle, _ = Puzzle.objects.update_or_create(
                canonical_key="bench-load-" + hand,
                defaults=dict(kind="discard", hand=hand, rating=1500,
                              analysis=to_json(dict(shanten=shanten(counts), answer=rows[0]["discard"], discards=rows)),
                              context=dict(seat=0, seat_wind="1z", round_wind="1z", turn=5,
                                           dora_indicator="9p", discards=["19m5z", "2p4z", "7s1z", "8m"])))
            ids.append([puzzle.pk, rows[0]["discard"], rows[-1]["discard"]])
        User = get_user_model()
        sessions = []
        for n in range({users}):
            user, _ = User.objects.get_or_create(username=f"bench{{n}}")
            store = SessionStore()
            store[SESSION_KEY] = str(user.pk)
            store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
            store[HASH_SESSION_KEY] = user.get_session_auth_hash()
            store.create()
            sessions.append(store.session_key)
        print(json.dumps(dict(puzzles=ids, sessions=sessions)))
        """
    )
    done = subprocess.run([py, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"preparing the scratch database failed:\n{done.stderr}")
    out = done.stdout
    import json

    return json.loads(out.strip().splitlines()[-1])


class Client:
    """One keep-alive HTTP/1.1 connection (reopened when the server closes it)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, raw: bytes) -> int:
        for attempt in range(2):
            if self.writer is None:
                self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
            try:
                self.writer.write(raw)
                await self.writer.drain()
                return await self._response()
            except (ConnectionError, asyncio.IncompleteReadError):
                self.close()
                if attempt:
                    raise
        raise RuntimeError("unreachable")

    async def _response(self) -> int:
        assert self.reader is not None
        head = await self.reader.readuntil(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        headers = {
            k.lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:] if line)
        }
        await self.reader.readexactly(int(headers.get("content-length", "0")))
        if headers.get("connection", "").lower() == "close":
            self.close()
        return status

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


def build_request(method: str, path: str, cookies: str, body: str = "", extra: str = "") -> bytes:
    lines = [
        f"{method} {path} HTTP/1.1",
        "Host: 127.0.0.1",
        "Connection: keep-alive",
        f"Cookie: {cookies}",
    ]
    if extra:
        lines.append(extra)
    if method == "POST":
        lines += ["Content-Type: application/x-www-form-urlencoded", f"Content-Length: {len(body)}"]
    return ("\r\n".join(lines) + "\r\n\r\n" + body).encode()


async def run_phase(
    port: int, requests: list[list[bytes]], seconds: float, think: float = 0.0
) -> tuple[list[float], int]:
    """Each user loops over its own requests until time runs out; returns latencies in ms.

    With ``think`` > 0 each user pauses a uniformly random ``think/2 .. 3*think/2`` seconds
    before each request (the first pause staggers the users' starts)."""
    latencies: list[float] = []
    errors = 0
    deadline = time.perf_counter() + seconds
    rng = random.Random(1)

    async def user(own: list[bytes]) -> None:
        nonlocal errors
        client = Client(port)
        i = 0
        while time.perf_counter() < deadline:
            if think:
                pause = rng.uniform(0.5 * think, 1.5 * think) if i else rng.uniform(0, think)
                await asyncio.sleep(min(pause, max(0.0, deadline - time.perf_counter())))
                if time.perf_counter() >= deadline:
                    break
            start = time.perf_counter()
            try:
                status = await client.request(own[i % len(own)])
            except (OSError, asyncio.IncompleteReadError):
                errors += 1
                client.close()
                continue
            latencies.append(1000 * (time.perf_counter() - start))
            if status >= 400:
                errors += 1
            i += 1
        client.close()

    await asyncio.gather(*(user(own) for own in requests))
    return latencies, errors


def report(name: str, latencies: list[float], errors: int, seconds: float) -> float:
    rps = len(latencies) / seconds
    q = statistics.quantiles(latencies, n=100) if len(latencies) > 1 else [0.0] * 99
    print(
        f"  {name:<26} {rps:8.1f} req/s   p50 {q[49]:7.1f} ms   p95 {q[94]:7.1f} ms   "
        f"({len(latencies)} requests, {errors} errors)"
    )
    return rps


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--users", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--think", type=float, default=1.0, help="mean think time, seconds")
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()

    db = os.environ.get("BENCH_DATABASE_URL", DEFAULT_DB)
    try:
        ensure_database(db)
    except Exception as exc:  # noqa: BLE001 - any connection failure means "no server"
        print(f"SKIPPED: PostgreSQL is not reachable for {db}: {exc}")
        return 0
    work = Path(tempfile.mkdtemp(prefix="bench-load-"))
    (work / "bench_load_settings.py").write_text(SETTINGS)
    (work / "bench_load_urls.py").write_text(URLS)
    env = {
        **os.environ,
        "PYTHONPATH": f"{work}{os.pathsep}{ROOT}",
        "DJANGO_SETTINGS_MODULE": "bench_load_settings",
        "DATABASE_URL": db,
        "DATABASE_CONN_MAX_AGE": "600",
        "DEBUG": "false",
        "SECRET_KEY": secrets.token_urlsafe(40),
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL_REDIRECT": "false",
        "STATIC_ROOT": str(work / "static"),
        "TUTOR_VAR_DIR": str(work / "var"),
        "LOG_LEVEL": "WARNING",
    }
    data = prepare(env, args.users)
    port = free_port()
    server = subprocess.Popen(
        [
            str(ROOT / ".venv" / "bin" / "gunicorn"),
            "tutor.config.wsgi:application",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(args.workers),
            "--worker-class",
            "gthread",
            "--threads",
            str(args.threads),
            "--keep-alive",
            "30",
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
    )
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.2)
        csrf = secrets.token_hex(16)  # a 32-character secret, sent as cookie and header
        puzzles = data["puzzles"]
        sessions = data["sessions"]
        cookie = [f"sessionid={s}; csrftoken={csrf}" for s in sessions]  # type: ignore[union-attr]
        trivial = [[build_request("GET", "/bench/trivial", c)] for c in cookie]
        # The home page: the site's base template with one hand of tiles, for scale.
        home = [[build_request("GET", "/", c)] for c in cookie]
        pages = [
            [build_request("GET", f"/puzzles/{pid}/", c) for pid, _best, _worst in puzzles]  # type: ignore[union-attr]
            for c in cookie
        ]
        answers = [
            [
                build_request(
                    "POST",
                    f"/puzzles/{pid}/answer/",
                    c,
                    body=f"answer={best if (u + i) % 2 else worst}",
                    extra=f"X-CSRFToken: {csrf}\r\nHX-Request: true",
                )
                for i, (pid, best, worst) in enumerate(puzzles)  # type: ignore[arg-type]
            ]
            for u, c in enumerate(cookie)
        ]
        print(
            f"gunicorn gthread: {args.workers} workers x {args.threads} threads, PostgreSQL, "
            f"DEBUG off; {args.users} concurrent keep-alive users, {args.seconds:.0f} s per "
            f"endpoint, {os.cpu_count()} CPU cores shared by server, database and client"
        )
        phases = (
            ("trivial view (GET)", trivial),
            ("home page (GET)", home),
            ("puzzle page (GET)", pages),
            ("answer (POST, htmx)", answers),
        )
        results = {}
        print(f"closed loop, no think time ({args.users} users; the maximum throughput):")
        for name, reqs in phases:
            asyncio.run(run_phase(port, reqs, min(2.0, args.seconds / 4)))  # warm up
            latencies, errors = asyncio.run(run_phase(port, reqs, args.seconds))
            results[name] = report(name, latencies, errors, args.seconds)
        print(
            f"with think time ({args.users} users, each pausing {args.think / 2:.1f}-"
            f"{1.5 * args.think:.1f} s between requests; what a visitor feels):"
        )
        for name, reqs in phases:
            latencies, errors = asyncio.run(run_phase(port, reqs, args.seconds, args.think))
            report(name, latencies, errors, args.seconds)
        print("one user at a time, no think time (the service time of one request):")
        for name, reqs in phases:
            latencies, errors = asyncio.run(run_phase(port, reqs[:1], min(3.0, args.seconds)))
            report(name, latencies, errors, min(3.0, args.seconds))
        load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
        print(f"load average during the run: {load} (other work on the machine skews the figures)")
        trivial_rps = results["trivial view (GET)"]
        for name in ("home page (GET)", "puzzle page (GET)", "answer (POST, htmx)"):
            print(
                f"{name} closed-loop throughput = {results[name] / trivial_rps:.2f} x the "
                "trivial view"
            )
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
    return 0


if __name__ == "__main__":
    sys.exit(main())
