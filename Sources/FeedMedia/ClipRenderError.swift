public import FeedCore
import GStreamerKit
import Foundation
import Localization

/// Why an edited clip could not be rendered, with a sentence for the edit screen.
public enum ClipRenderError: Error, Equatable, Sendable, CustomStringConvertible {
    case unreadableSource(String)
    /// The added sound's file name and what went wrong.
    case unreadableSound(file: String, detail: String)
    case invalidEdit(ClipEditError)
    case writeFailed(String)
    case diskFull
    case pipeline(String)
    case timeout
    case cancelled

    public var description: String {
        switch self {
        case .unreadableSource(let detail): tr("The clip can’t be read ({reason}).", ["reason": detail])
        case .unreadableSound(let file, _): tr("The sound “{file}” can’t be read: choose another one.", ["file": file])
        case .invalidEdit(let error): error.description
        case .writeFailed(let detail): tr("The edited clip can’t be saved: {reason}", ["reason": detail])
        case .diskFull: tr("The disk is full: free some space and try again.")
        case .pipeline(let detail): tr("The clip could not be rendered ({reason}).", ["reason": detail])
        case .timeout: tr("Rendering took too long and was stopped.")
        case .cancelled: tr("Rendering was cancelled.")
        }
    }

    /// Sorts a bus error: the file sinks are named `file`, so their errors are write failures,
    /// and ENOSPC is told apart because the cure (free space) differs.
    static func from(_ error: GStreamerError, element: String) -> ClipRenderError {
        let text = error.description + " " + { if case .stream(_, _, let debug) = error { debug } else { "" } }()
        if text.localizedCaseInsensitiveContains("No space left") { return .diskFull }
        if element == "file" { return .writeFailed(error.description) }
        return .pipeline(error.description)
    }

    /// Sorts a Foundation file error (creating, moving), ENOSPC included.
    static func from(fileError error: Error) -> ClipRenderError {
        let nsError = error as NSError
        let posix = (nsError.userInfo[NSUnderlyingErrorKey] as? NSError) ?? nsError
        if (posix.domain == NSPOSIXErrorDomain && posix.code == Int(ENOSPC))
            || nsError.code == NSFileWriteOutOfSpaceError {
            return .diskFull
        }
        return .writeFailed(nsError.localizedDescription)
    }
}
