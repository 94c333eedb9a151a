import Localization

/// A path (named on the command line, chosen or dropped) that did not yield a video, with a reason in plain words.
public struct PathProblem: Sendable, Equatable, Hashable, CustomStringConvertible {
    public enum Reason: String, Sendable, Equatable, Hashable {
        case notFound = "No such file or directory"
        case permissionDenied = "Permission denied"
        case notAVideo = "Not a video file"
        case notARegularFile = "Not a regular file or folder"
        case noVideosInFolder = "No video files in this folder"
        case empty = "The file is empty"
        case unreadable = "The file can’t be read"

        /// The reason in the user's language (the raw value is the English text).
        public var text: String {
            switch self {
            case .notFound: tr("No such file or directory")
            case .permissionDenied: tr("Permission denied")
            case .notAVideo: tr("Not a video file")
            case .notARegularFile: tr("Not a regular file or folder")
            case .noVideosInFolder: tr("No video files in this folder")
            case .empty: tr("The file is empty")
            // TRANSLATORS: the system refused to read it for another reason than permissions (a disk error).
            case .unreadable: tr("The file can’t be read")
            }
        }
    }

    public var path: String
    public var reason: Reason

    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    public var description: String { tr("{path}: {reason}", ["reason": reason.text, "path": path]) }
}
