public import FeedCore
public import Foundation
import GLibKit

/// Stills and channel pictures from the web, each fetched once (one request however many
/// tiles ask at the same time) into `thumbnails/` of the cache, where Clear cache finds them.
/// Only images are kept: a body that does not start as a PNG, JPEG, GIF or WebP does not
/// become a file, whatever its Content-Type says.
@MainActor
public final class WebImageCache: WebImageFetching {
    /// An image larger than this is not fetched.
    public static let largestImage = 5 << 20

    private let directory: URL
    private let transport: any HTTPTransport
    private let writer = DispatchQueue(label: "io.github.loopfeed.web-images", qos: .utility)
    private var waiting: [String: [@MainActor (URL?) -> Void]] = [:]

    /// Told (on the writer queue) when an image came but could not be written (a full disk, a
    /// folder that can't be written); it is fetched again the next time it is asked for.
    private let onWriteFailure: (@Sendable (CacheWriteProblem) -> Void)?

    /// `transport`: the app's one HTTP client.
    public init(directory: URL, transport: any HTTPTransport, onWriteFailure: (@Sendable (CacheWriteProblem) -> Void)? = nil) {
        self.directory = directory
        self.transport = transport
        self.onWriteFailure = onWriteFailure
    }

    public func image(at address: String, then: @escaping @MainActor (URL?) -> Void) {
        guard address.isWebAddress, let url = URL(string: address) else { return then(nil) }
        let file = directory.appendingPathComponent("web-" + VideoCacheLayout.key(for: address))
        if FileManager.default.fileExists(atPath: file.path) { return then(file) }
        if waiting[address] != nil { return waiting[address]!.append(then) }
        waiting[address] = [then]
        transport.fetch(.get(url, accept: "image/*", maximumBodyBytes: Self.largestImage)) { [weak self] result in
            guard let self else { return }
            guard case .success(let response) = result.flatMap(\.checked), Self.isImage(response.body) else {
                return finished(address, nil)
            }
            let directory = directory, onWriteFailure = onWriteFailure
            writer.async { [weak self] in
                var written = false
                do {
                    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                    try Data(response.body).write(to: file, options: .atomic)
                    written = true
                } catch {
                    onWriteFailure?(CacheWriteProblem.from(error, folder: directory.path))
                }
                MainLoop.invoke { self?.finished(address, written ? file : nil) }
            }
        }
    }

    private func finished(_ address: String, _ file: URL?) {
        for then in waiting.removeValue(forKey: address) ?? [] { then(file) }
    }

    /// By the first bytes: PNG, JPEG, GIF, WebP.
    static func isImage(_ bytes: [UInt8]) -> Bool {
        let starts: [[UInt8]] = [[0x89, 0x50, 0x4E, 0x47], [0xFF, 0xD8, 0xFF], Array("GIF8".utf8)]
        if starts.contains(where: { bytes.starts(with: $0) }) { return true }
        return bytes.count >= 12 && bytes.starts(with: Array("RIFF".utf8)) && Array(bytes[8..<12]) == Array("WEBP".utf8)
    }
}
