public import FeedCore
public import Foundation

/// The user's photos in `<data>/avatars`, copied there on background work.
public final class AvatarFolder: AvatarStoring {
    private let directory: URL
    private let work: BackgroundWork

    public init(directory: URL, work: BackgroundWork) {
        self.directory = directory
        self.work = work
    }

    public func keep(_ picture: URL, then deliver: @escaping @Sendable @MainActor (Result<URL, AvatarError>) -> Void) {
        let directory = directory
        work.run({ () -> Result<URL, AvatarError> in
            let ext = picture.pathExtension.lowercased()
            // A new name each time: the old photo may still be on screen (and cached by GTK).
            let target = directory.appendingPathComponent("you-\(UUID().uuidString).\(ext.isEmpty ? "img" : ext)")
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try FileManager.default.copyItem(at: picture, to: target)
                return .success(target)
            } catch {
                return .failure(AvatarError(error.localizedDescription))
            }
        }, then: deliver)
    }
}
