#if canImport(Glibc)
import Glibc
#endif
import TaplineLanguage

// Before any program runs: a broken Combine contract the language missed is an error of the
// statement that caused it, not the end of the session.
Interpreter.reportContractViolationsAsErrors()
exit(Tool().main(CommandLine.arguments))
