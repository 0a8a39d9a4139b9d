#if canImport(Glibc)
import Glibc
#endif

exit(Tool().main(CommandLine.arguments))
