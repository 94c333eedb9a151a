public import FeedCore
public import Foundation

/// The recorder's bundled sounds, `data/samples/sounds/sounds.json` (made by
/// tools/make-sounds.sh from the samples' own melodies). Files are relative to that folder.
public struct SoundCatalog: Sendable, Equatable {
    public var sounds: [RecordingSound]

    private struct Entry: Decodable {
        var file: String
        var title: String
        var artist: String
        var duration: Double?
    }

    private struct Document: Decodable { var sounds: [Entry] }

    /// Entries whose file is missing are left out: a partial install still offers the rest.
    public static func load(folder: URL, fileManager: FileManager = .default) throws -> SoundCatalog {
        let data = try Data(contentsOf: folder.appendingPathComponent("sounds.json"))
        let document = try JSONDecoder().decode(Document.self, from: data)
        let sounds = document.sounds.compactMap { entry -> RecordingSound? in
            let file = folder.appendingPathComponent(entry.file)
            guard !entry.file.contains(".."), fileManager.fileExists(atPath: file.path) else { return nil }
            return RecordingSound(title: entry.title, artist: entry.artist, file: file, duration: entry.duration ?? 0)
        }
        return SoundCatalog(sounds: sounds)
    }

    /// The catalog next to the samples, or none when it is missing or damaged.
    public static func bundled(samplesDirectory: URL?) -> SoundCatalog {
        guard let samplesDirectory else { return SoundCatalog(sounds: []) }
        return (try? load(folder: samplesDirectory.appendingPathComponent("sounds"))) ?? SoundCatalog(sounds: [])
    }
}
