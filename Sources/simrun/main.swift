import Foundation

// simrun: the FaultSim command-line tool. Exit codes follow sysexits(3):
// 0 success, 64 usage error, 65 bad scenario data, 73 an output file could not be written.
exit(SimrunCommand.main(Array(CommandLine.arguments.dropFirst())))
