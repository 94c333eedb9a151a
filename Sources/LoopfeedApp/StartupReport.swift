import FeedCore
import Foundation

/// Writes a line to standard error (messages for whoever launched Loopfeed from a terminal).
func printError(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
}

/// What went wrong while the app was being put together: said on stderr and, once the events
/// log is open, as an `error` event of its kind.
struct StartupReport {
    let events: EventSink?

    func callAsFunction(_ kind: String, _ message: String) {
        printError("loopfeed: \(message)\n")
        events?.emit(.error(kind: kind, message: message, postID: nil))
    }
}
