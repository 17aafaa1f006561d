"""pasyans: old Russian patience books, from OCR text to playable games."""

__version__ = "0.1.0"
