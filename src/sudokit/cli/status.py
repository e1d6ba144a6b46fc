"""The exit statuses of the ``sudoku`` command, in one place."""


class ExitStatus:
    """The statuses, as plain numbers (an enum would cost start-up time for no gain: they are
    compared, taken the worst of, and handed to ``sys.exit``)."""

    OK = 0
    #: a puzzle has no solution (or, for ``check``, is invalid; for ``solve``, ran out of time)
    FAILURE = 1
    #: bad usage, or input that cannot be read
    USAGE = 2
    #: a bug in sudokit itself (sysexits' EX_SOFTWARE)
    INTERNAL = 70
    INTERRUPTED = 130
