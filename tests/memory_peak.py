"""The peak memory of a test's child process, as source to put in its ``-c`` snippet.

Linux's ``ru_maxrss`` keeps the parent's peak across fork and exec, so a child started from
a grown test run would report the run's memory; ``VmHWM`` is the child's own."""

PEAK = """
def peak_kb():
    import sys
    try:
        with open("/proc/self/status") as status:
            return next(int(line.split()[1]) for line in status if line.startswith("VmHWM"))
    except OSError:
        pass
    try:
        import resource
    except ImportError:  # Windows: no peak without a third-party module
        return 0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak // 1024 if sys.platform == "darwin" else peak  # bytes there, kB elsewhere
"""
