"""Game-specific simulation figures; every module here registers one with ``sim.register_analyzer``."""

import importlib
import pkgutil

for _module in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_module.name}")
