public import FeedCore
public import Foundation

/// What adding your own videos needs (Ctrl+O, Ctrl+Shift+O, drops).
public struct ImportDependencies {
    /// Adds chosen and dropped files and folders (FeedSources' VideoImportService in the app).
    public var importer: any VideoImporting
    /// Where the file choosers open (the XDG videos folder), when it exists; else the home folder.
    public var videosFolder: URL
    public var homeFolder: URL
    /// Whether a folder exists (the app looks at the disk).
    public var folderExists: (String) -> Bool

    public init(importer: any VideoImporting, videosFolder: URL, homeFolder: URL, folderExists: @escaping (String) -> Bool) {
        self.importer = importer
        self.videosFolder = videosFolder
        self.homeFolder = homeFolder
        self.folderExists = folderExists
    }
}
