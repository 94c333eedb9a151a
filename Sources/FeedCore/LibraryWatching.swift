public import Foundation

/// Follows the library folders while the app runs (FeedSources' LibraryWatcher over
/// GFileMonitor in the app): what arrives is for the window to import, what leaves is already
/// out of the library.
@MainActor
public protocol LibraryWatching: AnyObject {
    /// Files and folders that appeared in a watched folder, settled (no longer being written).
    var onArrived: (([URL]) -> Void)? { get set }
    /// Posts taken out of the library because their files were deleted or moved away.
    var onRemoved: (([Post]) -> Void)? { get set }
    /// A watched folder itself went away (a drive unplugged, the folder removed): its posts stay
    /// in the library, and its videos come back when it does.
    var onFolderGone: ((URL) -> Void)? { get set }
    /// Watches exactly these folders and the folders inside them.
    func watch(_ folders: [String])
}
