"""Issue 13, item 7: the connection limit reached. The server's words are said, in one sentence,
never a traceback; `import --jobs N` sizes its processes to the connections the server still
allows, instead of starting processes that cannot connect."""

from __future__ import annotations

import subprocess
import sys
import uuid
from pathlib import Path
from urllib.parse import urlparse, urlunparse

import psycopg
import pytest

from bench.generate_archive import write
from conftest import needs_postgres, postgres_database


@pytest.fixture
def limited_role():
    """A database owned by a role of its own whose connection limit is set by the test: the limit
    a server's `max_connections` or a role's `CONNECTION LIMIT` sets, reached the same way."""
    admin = needs_postgres()
    role = f"handrec_limited_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f"create role {role} login password 'pw' connection limit 1")
    try:
        with postgres_database(admin) as url:
            u = urlparse(url)
            with psycopg.connect(url, autocommit=True) as conn:
                conn.execute(f'alter database "{u.path.lstrip("/")}" owner to {role}')
                conn.execute(f"alter schema public owner to {role}")

            def limit(n: int) -> None:
                with psycopg.connect(admin, autocommit=True) as c:
                    c.execute(f"alter role {role} connection limit {n}")

            yield urlunparse(u._replace(netloc=f"{role}:pw@{u.hostname}:{u.port}")), limit
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f"drop role if exists {role}")


def handrec(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "handrec.cli", *args], capture_output=True, text=True, timeout=300)


def test_the_connection_limit_reached_is_said_with_the_servers_words(limited_role):
    url, limit = limited_role
    limit(1)
    with psycopg.connect(url):  # the one connection the role may have, held
        run = handrec("--store", url, "list")
    assert run.returncode == 1
    assert "Traceback" not in run.stderr and len(run.stderr.strip().splitlines()) == 1, run.stderr
    assert "connection limit" in run.stderr and "too many connections" in run.stderr, run.stderr
    assert "cannot reach" not in run.stderr


def archives(tmp_path: Path, files: int, hands: int) -> list[str]:
    out = []
    for i in range(files):
        path = tmp_path / f"part{i}.pbn"
        write(str(path), hands, seed=i + 1)
        out.append(str(path))
    return out


@pytest.mark.parametrize("limit_to, files, hands", [(3, 4, 5), (1, 2, 3)])
def test_import_with_more_processes_than_connections_left_uses_fewer(limited_role, tmp_path: Path,
                                                                       limit_to, files, hands):
    """The import's own pool holds connections of the role's few: what is left (none here) sizes
    the processes, the import goes on in fewer (here one), and the summary says why."""
    url, limit = limited_role
    paths = archives(tmp_path, files, hands)
    limit(limit_to)
    run = handrec("--store", url, "import", "--jobs", str(files), *paths)
    assert "Traceback" not in run.stderr, run.stderr
    assert run.returncode == 0, run.stderr
    assert f"{files * hands} hands added" in run.stdout
    assert f"instead of {files}, as the PostgreSQL server allows" in run.stdout  # why fewer than asked
