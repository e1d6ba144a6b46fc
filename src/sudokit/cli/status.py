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
    #: Ctrl-C (SIGINT), as shells report it: 128 + 2
    INTERRUPTED = 130
    #: SIGTERM, as shells report a program it ended: 128 + 15
    TERMINATED = 143
