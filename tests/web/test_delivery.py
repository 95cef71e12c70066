"""How the page's files and public data travel (delve.web.delivery): compressed when public,
revalidated, and never compressed when a response carries a seat token."""

from __future__ import annotations


def test_built_client_is_compressed_and_revalidated(table) -> None:  # type: ignore[no-untyped-def]
    res = table.client.get("/static/app/assets/play.js", headers={"Accept-Encoding": "gzip"})
    assert res.status_code == 200
    assert res.headers["content-encoding"] == "gzip"
    assert res.headers["cache-control"] == "no-cache"  # fixed file names: a browser must ask again
    assert "content-security-policy" in res.headers  # the security headers stay
    plain = table.client.get("/static/app/assets/play.js", headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers and plain.content == res.content


def test_catalogue_and_glossary_are_sent_compressed_and_equal_to_the_plain_ones(table) -> None:  # type: ignore[no-untyped-def]
    gid, (hero, *_) = table.new(mode="solo")
    for path in (f"/api/games/{gid}/catalog", "/api/glossary"):
        packed = table.client.get(path, headers={"X-Seat-Token": hero, "Accept-Encoding": "gzip"})
        assert packed.headers["content-encoding"] == "gzip"
        plain = table.client.get(path, headers={"X-Seat-Token": hero, "Accept-Encoding": "identity"})
        assert "content-encoding" not in plain.headers
        assert packed.json() == plain.json()  # the client decompresses


def test_responses_with_tokens_are_not_compressed(table) -> None:  # type: ignore[no-untyped-def]
    res = table.client.post("/api/games", json={"mode": "solo"}, headers={"Accept-Encoding": "gzip"})
    assert res.status_code == 200
    assert "content-encoding" not in res.headers
