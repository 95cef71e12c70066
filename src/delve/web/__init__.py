"""The web table: a FastAPI server that relays decisions and per-seat views to browsers.

Why a thin layer: the engine decides every rule and builds every view (``delve.api``); this
package only checks who is asking (seat tokens), stores accepted choices before acknowledging
them (``store``), runs the automated seats (``hub``) and serves the page (``static/``).
"""
