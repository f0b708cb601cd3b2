"""The fake reads multipart uploads in one pass over the bytes (issue 12: aiohttp's streaming
reader parsed every part's headers with the `email` package, on the bot's own event loop,
which a real Discord does on its servers). It must read exactly what aiohttp's reader reads:
the `payload_json` part and every `files[n]` part, names, file names and content types."""
from __future__ import annotations

import json

import aiohttp
import pytest
from aiohttp import web
from multidict import CIMultiDict

from loopback.server import _multipart


async def _form(fields: list[tuple[str, bytes | str, str | None, str | None]]) -> tuple[str, bytes]:
    """(Content-Type, body) of an aiohttp FormData, as discord.py builds an upload."""
    form = aiohttp.FormData(quote_fields=True)
    for name, value, filename, content_type in fields:
        form.add_field(name, value, filename=filename, content_type=content_type)
    writer = form()

    class Sink:
        def __init__(self) -> None:
            self.data = bytearray()

        async def write(self, chunk: bytes) -> None:
            self.data += chunk

    sink = Sink()
    await writer.write(sink)  # type: ignore[arg-type]  # a deliberately loose value from the test
    return writer.headers["Content-Type"], bytes(sink.data)


async def _aiohttp_reads(content_type: str, body: bytes) -> tuple[object, list[tuple[str, str, str, bytes]]]:
    """What aiohttp's own MultipartReader makes of the same bytes (the fake's former reader)."""
    from aiohttp import BodyPartReader, MultipartReader
    from aiohttp.streams import StreamReader

    class _Proto:  # the stream's flow control, not used: the whole body is fed at once
        _reading_paused = False

        def pause_reading(self, *_args: object, **_kwargs: object) -> None: ...

        def resume_reading(self, *_args: object, **_kwargs: object) -> None: ...

    import asyncio

    stream = StreamReader(_Proto(), 2 ** 16, loop=asyncio.get_running_loop())  # type: ignore[arg-type]  # a deliberately loose value from the test
    stream.feed_data(body)
    stream.feed_eof()
    reader = MultipartReader(CIMultiDict({"Content-Type": content_type}), stream)
    payload, files = None, []
    while (part := await reader.next()) is not None:
        assert isinstance(part, BodyPartReader)
        if part.name == "payload_json":
            payload = json.loads(await part.text())
        else:
            files.append((part.name or "", part.filename or "",
                          part.headers.get("Content-Type", "application/octet-stream"), bytes(await part.read())))
    return payload, files


PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 200 + b"\r\n--not-a-boundary\r\n"


@pytest.mark.parametrize("fields", [
    [("payload_json", json.dumps({"content": "hi", "attachments": [{"id": 0, "filename": "board.png"}]}),
      None, "application/json"),
     ("files[0]", PNG, "board.png", "image/png")],
    [("payload_json", json.dumps({"content": "è ü 🐉"}), None, "application/json"),
     ("files[0]", b"one", "mappa città.png", "image/png"),
     ("files[1]", b"", "empty.txt", None),
     ("files[2]", b"a;b\r\n\r\nc", 'quo"te;d.txt', "text/plain")],
    [("files[0]", PNG, "only-a-file.png", "image/png")],
])
async def test_multipart_reads_what_aiohttps_reader_reads(fields) -> None:
    content_type, body = await _form(fields)
    expected_payload, expected_files = await _aiohttp_reads(content_type, body)
    payload, files = _multipart(content_type, body)
    assert payload == expected_payload
    assert [(f.field, f.filename, f.content_type, f.data) for f in files] == expected_files
    assert any(f.data == PNG for f in files) == any(v == PNG for _, v, _, _ in fields)


def test_multipart_without_a_boundary_is_a_bad_request() -> None:
    with pytest.raises(web.HTTPBadRequest):
        _multipart("multipart/form-data", b"--x\r\n\r\n--x--\r\n")
    with pytest.raises(web.HTTPBadRequest):
        _multipart('multipart/form-data; boundary="b"', b"--b\r\nno blank line after the headers")
