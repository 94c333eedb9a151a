public import Foundation

/// What the posting page hands over: a finished clip and how to post it.
public struct ClipPublication: Sendable, Equatable {
    public var clip: URL
    public var caption: String
    public var music: String
    public var allowsComments: Bool
    /// A PNG of the chosen cover frame; nil keeps the first frame.
    public var cover: URL?
    /// Nil: measured from the file when it is published.
    public var width: Int?
    public var height: Int?
    public var duration: Double
    /// A folder (usually ~/Videos) to also put a copy in; nil for none.
    public var copyFolder: URL?

    public init(clip: URL, caption: String, music: String, allowsComments: Bool = true, cover: URL? = nil,
                width: Int? = nil, height: Int? = nil, duration: Double, copyFolder: URL? = nil) {
        self.clip = clip
        self.caption = caption
        self.music = music
        self.allowsComments = allowsComments
        self.cover = cover
        self.width = width
        self.height = height
        self.duration = duration
        self.copyFolder = copyFolder
    }
}

/// Posts a finished clip as the user's: the files copied in off the main thread, the post
/// stored, then (when asked) a copy saved elsewhere. The source clip is never moved, so a
/// failure loses nothing. Implemented in FeedSources, injected by the app.
@MainActor
public protocol ClipPublishing: AnyObject {
    /// `stored` comes once the post is in the library (or why it is not); `copied` later, with
    /// the extra copy or why it failed, only when `publication.copyFolder` asked for one.
    /// `removeWhenDone`: a work folder to delete once the clip is no longer needed.
    func publish(_ publication: ClipPublication, removeWhenDone: URL?,
                 stored: @escaping @MainActor (Result<Post, RecorderError>) -> Void,
                 copied: @escaping @MainActor (_ copy: URL?, _ problem: String?) -> Void)
}

extension RecorderError {
    /// A file error in words: a full disk says so; anything else about the folder is "can't
    /// write".
    public static func from(fileError error: Error, path: String) -> RecorderError {
        if let known = error as? RecorderError { return known }
        if isOutOfSpace(error) { return .diskFull(path: path) }
        return .notWritable(path: path)
    }

    public static func isOutOfSpace(_ error: Error) -> Bool {
        if let posix = error as? POSIXError { return posix.code == .ENOSPC || posix.code == .EDQUOT }
        let ns = error as NSError
        if ns.domain == NSCocoaErrorDomain, ns.code == CocoaError.fileWriteOutOfSpace.rawValue { return true }
        if ns.domain == NSPOSIXErrorDomain, ns.code == Int(ENOSPC) || ns.code == Int(EDQUOT) { return true }
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? Error { return isOutOfSpace(underlying) }
        return false
    }
}
