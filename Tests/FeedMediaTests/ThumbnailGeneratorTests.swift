import FeedMedia
import FeedCore
import Foundation
import GLibKit
import GStreamerKit
import TestSupport
import XCTest

final class ThumbnailGeneratorTests: XCTestCase {
    private var folder: URL!

    private var clip: URL!

    /// Its own clip: the shared test clips are deleted when LoopingPlayerTests finish.
    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("thumbs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        clip = folder.appendingPathComponent("clip.mp4")
        try runToEnd("videotestsrc num-buffers=15 ! video/x-raw,width=160,height=284,framerate=30/1 "
            + "! x264enc speed-preset=ultrafast ! h264parse ! mp4mux ! filesink location=\"\(clip.path)\"")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func testMakesAPNGOfTheTileSize() throws {
        let clip = clip!
        let folder = folder!
        try onMain {
            let generator = ThumbnailGenerator(directory: folder, width: 60)
            var made: URL??
            generator.thumbnail(postID: 7, uri: clip.fileURI) { made = .some($0) }
            XCTAssertTrue(MainLoop.run(until: { made != nil }, timeoutSeconds: 10))
            let png = try XCTUnwrap(made ?? nil)
            XCTAssertEqual(png, generator.path(forPostID: 7))
            XCTAssertGreaterThan((try? Data(contentsOf: png).count) ?? 0, 100)
        }
    }

    /// A cover chosen when posting is the tile while its file is there; once it is gone the
    /// first frame is made instead.
    func testACoverWinsWhileItsFileIsThere() throws {
        let clip = clip!
        let folder = folder!
        let cover = folder.appendingPathComponent("cover.png")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("png".utf8).write(to: cover)
        try onMain {
            let generator = ThumbnailGenerator(directory: folder, width: 60)
            var made: URL??
            generator.thumbnail(postID: 3, uri: clip.fileURI, cover: cover, ticket: WorkTicket()) { made = .some($0) }
            XCTAssertTrue(MainLoop.run(until: { made != nil }, timeoutSeconds: 10))
            XCTAssertEqual(made ?? nil, cover)
            try FileManager.default.removeItem(at: cover)
            made = nil
            generator.thumbnail(postID: 3, uri: clip.fileURI, cover: cover, ticket: WorkTicket()) { made = .some($0) }
            XCTAssertTrue(MainLoop.run(until: { made != nil }, timeoutSeconds: 10))
            XCTAssertEqual(made ?? nil, generator.path(forPostID: 3), "a vanished cover falls back to the first frame")
        }
    }

    /// A landscape video is cropped to the tile's 10:13, never letterboxed: the PNG's top edge is
    /// the video's colour, not black (issue 9: thumbnails that did not fill their tiles).
    func testALandscapeVideoIsCroppedNotLetterboxed() throws {
        let folder = folder!
        let wide = folder.appendingPathComponent("wide.mp4")
        try runToEnd("videotestsrc num-buffers=10 pattern=solid-color foreground-color=0xff20c040 "
            + "! video/x-raw,width=320,height=180,framerate=30/1 ! x264enc speed-preset=ultrafast ! h264parse "
            + "! mp4mux ! filesink location=\"\(wide.path)\"")
        try onMain {
            let generator = ThumbnailGenerator(directory: folder, width: 60)
            var made: URL??
            generator.thumbnail(postID: 11, uri: wide.fileURI) { made = .some($0) }
            XCTAssertTrue(MainLoop.run(until: { made != nil }, timeoutSeconds: 10))
            let png = try XCTUnwrap(made ?? nil)
            let top = try Self.pixel(png, x: 30, y: 1)
            XCTAssertGreaterThan(top.green, 150, "the top edge is a border, not the video: \(top)")
            XCTAssertEqual(try Self.size(png), "60x78")
        }
    }

    /// ImageMagick (a test package) reads the PNG.
    private static func pixel(_ png: URL, x: Int, y: Int) throws -> (red: Int, green: Int, blue: Int) {
        let text = try magick(["convert", png.path, "-format", "%[fx:int(255*p{\(x),\(y)}.r)] %[fx:int(255*p{\(x),\(y)}.g)] %[fx:int(255*p{\(x),\(y)}.b)]", "info:"])
        let parts = text.split(separator: " ").compactMap { Int($0) }
        guard parts.count == 3 else { throw MagickOutput(text: text) }
        return (parts[0], parts[1], parts[2])
    }

    private static func size(_ png: URL) throws -> String {
        try magick(["identify", "-format", "%wx%h", png.path])
    }

    private static func magick(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        process.waitUntilExit()
        return String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private struct MagickOutput: Error { let text: String }

    func testACancelledTicketDecodesNothing() throws {
        let clip = clip!
        let folder = folder!
        onMain {
            let generator = ThumbnailGenerator(directory: folder, width: 60)
            let ticket = ThumbnailTicket()
            ticket.cancel() // the tile went away before the worker got to it
            var called = false
            generator.thumbnail(postID: 8, uri: clip.fileURI, ticket: ticket) { _ in called = true }
            // A second request behind it on the same queue shows the first one was passed over.
            var after = false
            generator.thumbnail(postID: 9, uri: clip.fileURI) { _ in after = true }
            XCTAssertTrue(MainLoop.run(until: { after }, timeoutSeconds: 10))
            XCTAssertFalse(called)
            XCTAssertFalse(FileManager.default.fileExists(atPath: generator.path(forPostID: 8).path))
        }
    }
}
