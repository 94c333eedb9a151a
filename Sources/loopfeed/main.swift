import Foundation
import LoopfeedApp

// The composition root lives in LoopfeedApp so that it can be tested; this only runs it.
exit(LoopfeedMain.run(arguments: CommandLine.arguments))
