"""Runs a module's unittest cases and prints TAP, one line per test, for
automake's TAP driver (shared by the Python test scripts in tests/)."""

import unittest


class TapResult(unittest.TestResult):
    """Prints each result as a TAP line on stdout."""

    def __init__(self) -> None:
        super().__init__()
        self.number = 0

    def _report(self, test: unittest.TestCase, ok: bool,
                detail: str = "") -> None:
        self.number += 1
        print("%s %d - %s" % ("ok" if ok else "not ok", self.number,
                              test.id()))
        for line in detail.splitlines():
            print("# " + line)

    def addSuccess(self, test: unittest.TestCase) -> None:
        super().addSuccess(test)
        self._report(test, True)

    def addFailure(self, test: unittest.TestCase, err) -> None:
        super().addFailure(test, err)
        self._report(test, False, self.failures[-1][1])

    def addError(self, test: unittest.TestCase, err) -> None:
        super().addError(test, err)
        self._report(test, False, self.errors[-1][1])

    def addSkip(self, test: unittest.TestCase, reason: str) -> None:
        super().addSkip(test, reason)
        self.number += 1
        print("ok %d - %s # SKIP %s" % (self.number, test.id(), reason))

    def addSubTest(self, test: unittest.TestCase, subtest, err) -> None:
        super().addSubTest(test, subtest, err)
        if err is not None:
            self._report(subtest, False, (self.failures + self.errors)[-1][1])


def run(module) -> int:
    """Runs every test of `module`, prints TAP; 0 when all pass, else 1."""
    suite = unittest.defaultTestLoader.loadTestsFromModule(module)
    result = TapResult()
    suite.run(result)
    print("1..%d" % result.number)
    return 0 if result.wasSuccessful() else 1
