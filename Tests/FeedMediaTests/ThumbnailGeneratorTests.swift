import FeedMedia
import Foundation
import GLibKit
import GStreamerKit
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
