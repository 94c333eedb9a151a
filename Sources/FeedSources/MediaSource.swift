public import Foundation

/// A video named on the command line: a local file or a remote http(s) URL.
public enum MediaSource: Sendable, Equatable, Hashable {
    case file(URL)
    case remote(URL)

    /// The URI stored as the post's `videoURI`.
    public var uri: String {
        switch self {
        case .file(let url): url.absoluteString
        case .remote(let url): url.absoluteString
        }
    }

    /// A human title: the file name without its extension (the host for a bare URL).
    public var title: String {
        let url: URL = switch self {
        case .file(let url), .remote(let url): url
        }
        let name = url.deletingPathExtension().lastPathComponent
        if name.isEmpty || name == "/" { return url.host ?? url.absoluteString }
        return name
    }
}
