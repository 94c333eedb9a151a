import FeedSources
import Foundation

/// Turns stored URIs into ones GStreamer opens: `bundle:` paths point into the samples
/// directory wherever this copy is installed, so a moved install keeps its feed.
struct PlayableURI: Sendable {
    let samplesDirectory: URL?

    func callAsFunction(_ uri: String) -> String {
        if uri.hasPrefix(SampleCatalog.bundleScheme), let samplesDirectory {
            let relative = String(uri.dropFirst(SampleCatalog.bundleScheme.count))
            return samplesDirectory.appendingPathComponent(relative).absoluteString
        }
        if uri.hasPrefix("/") { return URL(fileURLWithPath: uri).absoluteString }
        return uri
    }

    /// A local path for an image URI (avatars, covers), if it is a file.
    func filePath(for uri: String?) -> String? {
        guard let uri, let url = URL(string: callAsFunction(uri)), url.isFileURL else { return nil }
        return url.path
    }
}
