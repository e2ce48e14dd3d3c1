"""The live widgets' base class: errors on the error trait, the static fallback at 2x pixels."""

import base64

import pytest
import traitlets
from matplotlib.figure import Figure

from puzzlelab.widgets._live import LiveView, _png_width


class Toy(LiveView):
    _esm = "export default { render({ model, el }) { el.textContent = model.get('value'); } };"
    value = traitlets.Int(1).tag(sync=True)

    def static_figure(self):
        figure = Figure(figsize=(2.0, 1.0))
        figure.add_subplot().plot([0, self.value])
        return figure

    def summary(self):
        if self.value < 0:
            raise RuntimeError("broken")
        return f"Toy {self.value}"


def test_fallback_is_drawn_at_twice_the_shown_width():
    toy = Toy()
    data, metadata = toy._repr_mimebundle_()
    png = base64.b64decode(data["image/png"])
    assert data["text/plain"] == "Toy 1"
    assert "application/vnd.jupyter.widget-view+json" in data
    assert metadata["image/png"]["width"] * 2 == _png_width(png)
    assert 250 < _png_width(png) < 320  # 2 inches at 144 dpi, cropped to what is drawn
    toy.close()


def test_handlers_put_messages_on_the_error_line_and_summary_never_raises():
    toy = Toy()

    def bad():
        raise ValueError("value must be >= 0, got -1")

    assert toy._guarded(bad) is False
    assert toy.error_message == "value must be >= 0, got -1"
    assert toy._guarded(lambda: None) is True
    assert toy.error == ""
    assert toy._guarded(lambda: 1 / 0) is False
    assert toy.error.startswith("ZeroDivisionError")
    toy.value = -1
    assert "RuntimeError in its summary" in repr(toy)
    toy.close()


@pytest.mark.parametrize("data", [b"", b"not a png at all, really not"])
def test_png_width_of_anything_else_is_zero(data):
    assert _png_width(data) == 0
