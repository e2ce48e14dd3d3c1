"""What the widget tests share: the static fallback check (the ``make`` fixture is in conftest.py)."""

import base64

PNG = b"\x89PNG\r\n\x1a\n"


def assert_static_fallback(view):
    bundle = view._repr_mimebundle_()
    if isinstance(bundle, tuple):  # live widgets return (data, metadata)
        bundle = bundle[0]
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert base64.b64decode(bundle["image/png"]).startswith(PNG)
    assert bundle["text/plain"] == view.summary()
