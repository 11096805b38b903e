"""The HTTP edge: the Starlette app (`app.py`, served as `server:create_app`) and its helpers."""
