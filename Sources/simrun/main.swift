import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// simrun: the FaultSim command-line tool. Exit codes follow sysexits(3):
// 0 success, 64 usage error, 65 bad scenario data, 66 unreadable input, 73 an output file could
// not be written.

// A process started by a thread that blocks signals (Foundation's Process, launched from a
// Dispatch worker, passes its mask on) could not be stopped by Ctrl-C or `kill`. simrun
// promises that a stopped job writes nothing and that a killed shard leaves no file: both need
// the signals to arrive, so none stays blocked. Signals the parent chose to ignore stay ignored.
var unblocked = sigset_t()
sigemptyset(&unblocked)
sigprocmask(SIG_SETMASK, &unblocked, nil)

exit(SimrunCommand.main(Array(CommandLine.arguments.dropFirst())))
