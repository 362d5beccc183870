"""Exports of a session or an analysis for annotators: ELAN ``.eaf``, WebVTT captions and
chapters, BORIS-style CSV/TSV, and hand records. Every format is written from one
:class:`~api.exports.timeline.Timeline`, loaded from an analysis folder or a stored session."""
