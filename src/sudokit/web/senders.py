"""Who may ask the API for work: the server's own page, and tools that are not a browser.

Any page a user has open can make the browser send a request to a server on this machine.
It cannot read the answer (the server sends no CORS headers), but the server would still do
the work: a puzzle made for a page of another site costs a worker its time. What such a
page can send without the browser first asking the server (which never agrees) is a form,
or text; and a browser says where a request comes from (``Origin``, ``Sec-Fetch-Site``).
So an API call is refused when it says it comes from another origin (403), or when its
body is not declared JSON (415), which is all such a page could send.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

#: The port each scheme has when an address leaves it out.
_DEFAULT_PORTS = {"http": ":80", "https": ":443"}

#: What ``Sec-Fetch-Site`` says of a request made by the page itself, or by the user
#: (typed in, a bookmark).
_OWN = ("same-origin", "none")


def refusal(headers: Mapping[str, str]) -> tuple[int, str] | None:
    """The status and message that refuse a request with these headers (names in lower
    case), or None when it may be answered."""
    origin = headers.get("origin")
    site = headers.get("sec-fetch-site")
    if (origin is not None and not same_origin(origin, headers.get("host", ""))) or (
            site is not None and site not in _OWN):
        sender = json.dumps(origin[:100]) if origin is not None else f"a {site} page"
        return 403, f"this server answers its own page only, not a request from {sender}"
    media = headers.get("content-type", "").partition(";")[0].strip().lower()
    if media != "application/json":
        shown = json.dumps(media[:100]) if media else "none"
        return 415, ("the request body must be JSON, sent with Content-Type: "
                     f"application/json (not {shown})")
    return None


def same_origin(origin: str, host: str) -> bool:
    """Whether an ``Origin`` header names the server the ``Host`` header names.

    >>> same_origin("http://127.0.0.1:8000", "127.0.0.1:8000")
    True
    >>> same_origin("http://localhost", "localhost:80"), same_origin("null", "localhost")
    (True, False)
    """
    scheme, sep, netloc = origin.lower().partition("://")
    if not sep or scheme not in _DEFAULT_PORTS:
        return False  # "null" (a sandboxed page, a file) and any other scheme
    default = _DEFAULT_PORTS[scheme]
    return netloc.removesuffix(default) == host.lower().removesuffix(default)
