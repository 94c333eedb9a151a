import FeedCore
import FeedSources
import Foundation
import XCTest

final class SoundCatalogTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sounds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func testLoadsEntriesWhoseFilesExist() throws {
        try Data("x".utf8).write(to: folder.appendingPathComponent("a.m4a"))
        try Data("""
            {"sounds": [{"file": "a.m4a", "title": "Last Light", "artist": "Tide & Tone", "duration": 60},
                        {"file": "gone.m4a", "title": "Gone", "artist": "Nobody"},
                        {"file": "../escape.m4a", "title": "Out", "artist": "Nope"}]}
            """.utf8).write(to: folder.appendingPathComponent("sounds.json"))
        let catalog = try SoundCatalog.load(folder: folder)
        XCTAssertEqual(catalog.sounds.map(\.title), ["Last Light"])
        XCTAssertEqual(catalog.sounds.first?.musicLine, "Last Light — Tide & Tone")
        XCTAssertEqual(catalog.sounds.first?.duration, 60)
    }

    func testAMissingOrDamagedCatalogIsEmpty() throws {
        XCTAssertEqual(SoundCatalog.bundled(samplesDirectory: folder).sounds, [])
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sounds"), withIntermediateDirectories: true)
        try Data("{nope".utf8).write(to: folder.appendingPathComponent("sounds/sounds.json"))
        XCTAssertEqual(SoundCatalog.bundled(samplesDirectory: folder).sounds, [])
        XCTAssertEqual(SoundCatalog.bundled(samplesDirectory: nil).sounds, [])
    }

    func testTheShippedSoundsAreAllThere() throws {
        let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../data/samples").standardizedFileURL
        let catalog = SoundCatalog.bundled(samplesDirectory: samples)
        XCTAssertEqual(catalog.sounds.count, 5)
        XCTAssertTrue(catalog.sounds.allSatisfy { $0.duration == 60 && !$0.artist.isEmpty })
    }

    func testAPickedFileIsNamedAfterItself() {
        let sound = RecordingSound.picked(URL(fileURLWithPath: "/music/Summer Song.ogg"))
        XCTAssertEqual(sound.musicLine, "Summer Song")
    }
}
