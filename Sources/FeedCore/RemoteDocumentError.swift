/// Why a network's answer could not be read. Each case is a different thing for the caller to
/// say: a document too large to read, bytes that are not JSON, or JSON of another shape.
public enum RemoteDocumentError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Refused before parsing (over `maximumBytes`).
    case tooLarge(bytes: Int)
    /// Not JSON (or nested too deep to read).
    case notJSON
    /// JSON, but not the document asked for (`what` names what was missing or wrong).
    case unexpected(String)

    /// Documents over 10 MB are refused unread.
    public static let maximumBytes = 10 * 1024 * 1024

    public var description: String {
        switch self {
        case .tooLarge(let bytes): "the answer is larger than 10 MB (\(bytes) bytes)"
        case .notJSON: "the answer is not JSON"
        case .unexpected(let what): "the answer is not what the network sends: \(what)"
        }
    }
}
