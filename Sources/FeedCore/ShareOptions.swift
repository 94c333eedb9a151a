import Localization

/// What sharing a post offers, as a desktop does it: a video that is a file on this machine is
/// shared as that file (copied for pasting into a file manager or a chat, or shown in Files);
/// one from the web by its page link. Never a local path as text.
public enum ShareAction: Sendable, Equatable {
    /// Put the file on the clipboard (text/uri-list).
    case copyFile(uri: String)
    /// Open the file manager with the file selected (org.freedesktop.FileManager1.ShowItems).
    case showInFiles(uri: String)
    /// Put the post's link on the clipboard.
    case copyLink(url: String)

    /// The name the share event logs.
    public var method: String {
        switch self {
        case .copyFile: "copy_file"
        case .showInFiles: "show_in_files"
        case .copyLink: "copy_link"
        }
    }

    /// What the button says.
    public var title: String {
        switch self {
        case .copyFile: tr("Copy video file")
        case .showInFiles: tr("Show in Files")
        case .copyLink: tr("Copy link")
        }
    }

    /// The short confirmation shown once it is done.
    public var done: String {
        switch self {
        case .copyFile: tr("Video file copied")
        case .showInFiles: tr("Shown in Files")
        case .copyLink: tr("Link copied")
        }
    }

    /// The choices for a post whose video plays from `playableURI` (a `file:` URI for a local
    /// file, `http(s):` for one on the web); `pageURL` is the post's page, when it has one (a
    /// post of this computer's that was uploaded to a channel: its page there, too).
    public static func options(playableURI: String, pageURL: String? = nil) -> [ShareAction] {
        let lower = playableURI.lowercased()
        if lower.hasPrefix("file:") {
            return [.copyFile(uri: playableURI), .showInFiles(uri: playableURI)] + (pageURL.map { [.copyLink(url: $0)] } ?? [])
        }
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
            return [.copyLink(url: pageURL ?? playableURI)]
        }
        return pageURL.map { [.copyLink(url: $0)] } ?? []
    }
}
