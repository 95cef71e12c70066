"""What a person reads at the table: names, event texts, cards, the quest and its end.

Why a package apart from the message builder: these are display aids built only from one
seat's view (``delve.engine.views``), the events that seat may see and the pack's public data.
Nothing here decides a rule; each module turns data the seat already has into words and
structures the page can show (docs/client-protocol.md).
"""
