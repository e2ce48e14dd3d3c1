"""Write one widget's Node test fixtures: ``python tests/js_fixtures/_write.py DIR NAME`` calls
``write(DIR/NAME)`` of ``tests/js_fixtures/NAME.py``. The Node tests run it themselves when
``$PUZZLELAB_JS_FIXTURES`` is not set (``node --test tests/js/*.test.mjs`` alone works);
tests/test_js.py writes every widget's fixtures first and sets it."""

import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))  # a checkout's puzzlelab, even without an install


def main(base: str, name: str) -> None:
    spec = importlib.util.spec_from_file_location(f"js_fixture_{name}", HERE / f"{name}.py")
    if spec is None or spec.loader is None:
        raise SystemExit(f"no fixture writer tests/js_fixtures/{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    target = Path(base) / name
    target.mkdir(parents=True, exist_ok=True)
    module.write(target)


if __name__ == "__main__":
    main(*sys.argv[1:3])
