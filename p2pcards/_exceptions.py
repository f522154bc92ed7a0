"""The exceptions inside an exception group, as trio's nurseries raise them (one group per
nursery, nested): what the commands and the page look at to end with one clear line."""

from __future__ import annotations


def leaves(exc: BaseException) -> list[BaseException]:
    """The plain exceptions inside ``exc``, in order, through nested exception groups;
    ``[exc]`` for a plain exception."""
    if isinstance(exc, BaseExceptionGroup):
        return [leaf for sub in exc.exceptions for leaf in leaves(sub)]
    return [exc]
