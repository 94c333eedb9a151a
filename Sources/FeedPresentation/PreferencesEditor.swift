public import FeedCore
public import Foundation
import Localization

/// The Preferences window's decisions: the recording limit, the posting page's "save a copy"
/// default, and the library folders (normalised, never one inside another, ~/Videos offered).
/// Each change is written through FeedCore's PreferencesStore (GSettings in the app).
@MainActor
public final class PreferencesEditor {
    public enum FolderChange: Equatable {
        case added
        case alreadyWatched
        /// Inside a folder watched already (named), which covers it.
        case inside(String)
    }

    private let store: PreferencesStore
    private let videosFolder: String
    private let folderExists: (String) -> Bool

    public var onRecordingLimitChanged: ((Int) -> Void)?
    public var onLibraryFoldersChanged: (([String]) -> Void)?
    public var onVideoCacheChanged: ((Int) -> Void)?
    /// A change holds for this run but could not be written (a full disk).
    public var onNotSaved: ((PreferencesNotSaved) -> Void)?

    /// `folderExists` looks at the disk (the app's; a fake in tests).
    public init(store: PreferencesStore, videosFolder: URL, folderExists: @escaping (String) -> Bool) {
        self.store = store
        self.videosFolder = Self.normalized(videosFolder.path)
        self.folderExists = folderExists
    }

    public var recordingLimit: Int { store.load().recordingLimitSeconds }
    public var saveCopy: Bool { store.load().saveCopyToVideos }
    public var libraryFolders: [String] { store.load().libraryFolders }

    public func setRecordingLimit(_ seconds: Int) {
        guard Preferences.recordingLimitChoices.contains(seconds), seconds != recordingLimit else { return }
        keep { $0.recordingLimitSeconds = seconds }
        onRecordingLimitChanged?(seconds)
    }

    public func setSaveCopy(_ on: Bool) { keep { $0.saveCopyToVideos = on } }

    public var videoCacheMegabytes: Int { store.load().videoCacheMegabytes }

    public func setVideoCacheMegabytes(_ megabytes: Int) {
        guard Preferences.videoCacheChoices.contains(megabytes), megabytes != videoCacheMegabytes else { return }
        keep { $0.videoCacheMegabytes = megabytes }
        onVideoCacheChanged?(megabytes)
    }

    /// Changes the stored preferences; a change that could not be written is reported (it still
    /// holds for this run).
    private func keep(_ change: (inout Preferences) -> Void) {
        do {
            try store.update(change)
        } catch {
            onNotSaved?(error)
        }
    }

    /// ~/Videos, offered while it exists and nothing watched covers it.
    public var suggestedFolder: String? {
        guard folderExists(videosFolder), covering(videosFolder) == nil else { return nil }
        return videosFolder
    }

    public func addFolder(_ path: String) -> FolderChange {
        let folder = Self.normalized(path)
        if libraryFolders.contains(folder) { return .alreadyWatched }
        if let parent = covering(folder) { return .inside(parent) }
        // A folder above some watched ones takes their place.
        let kept = libraryFolders.filter { !Self.isInside($0, folder) }
        keep { $0.libraryFolders = kept + [folder] }
        onLibraryFoldersChanged?(libraryFolders)
        return .added
    }

    public func removeFolder(_ path: String) {
        let folder = Self.normalized(path)
        guard libraryFolders.contains(folder) else { return }
        keep { $0.libraryFolders.removeAll { $0 == folder } }
        onLibraryFoldersChanged?(libraryFolders)
    }

    /// What to say about a folder that was not added.
    public static func message(for change: FolderChange, folder: String) -> String? {
        switch change {
        case .added: nil
        case .alreadyWatched: tr("{folder} is already in your library.", ["folder": folder])
        case .inside(let parent): tr("{folder} is inside {parent}, which is in your library already.",
                                     ["folder": folder, "parent": parent])
        }
    }

    private func covering(_ folder: String) -> String? {
        libraryFolders.first { $0 == folder || Self.isInside(folder, $0) }
    }

    private static func isInside(_ folder: String, _ parent: String) -> Bool {
        folder.hasPrefix(parent == "/" ? "/" : parent + "/") && folder != parent
    }

    public static func normalized(_ path: String) -> String {
        let standard = URL(fileURLWithPath: path).standardizedFileURL.path
        return standard.count > 1 && standard.hasSuffix("/") ? String(standard.dropLast()) : standard
    }
}
