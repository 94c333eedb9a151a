import FeedCore
import FeedSources
import FeedTesting
import Foundation
import XCTest

final class ClipPublisherTests: XCTestCase {
    private var folder: URL!
    private var data: URL { folder.appendingPathComponent("data") }
    private var clip: URL { folder.appendingPathComponent("recordings/clip.mp4") }
    private var cover: URL { folder.appendingPathComponent("recordings/cover.png") }
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("publish-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: clip.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(repeating: 7, count: 4096).write(to: clip)
        try Data(repeating: 9, count: 512).write(to: cover)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func repository() throws -> InMemoryFeedRepository {
        let repo = InMemoryFeedRepository()
        _ = try SelfAuthor.ensure(in: repo)
        return repo
    }

    private func publication(copyFolder: URL? = nil) -> ClipPublication {
        ClipPublication(clip: clip, caption: "hello #desk @pixel.garden", music: "Last Light — Tide & Tone",
                        allowsComments: false, cover: cover, width: 720, height: 1280, duration: 2.5,
                        copyFolder: copyFolder)
    }

    func testStoresTheVideoTheCoverAndThePost() throws {
        let repo = try repository()
        let fixed = now
        let outcome = try ClipPublisher(dataDirectory: data, repository: repo, now: { fixed }).publish(publication())
        let post = outcome.post
        XCTAssertEqual(post.author.handle, SelfAuthor.handle)
        XCTAssertFalse(post.allowsComments)
        XCTAssertEqual(post.music, "Last Light — Tide & Tone")
        XCTAssertEqual(post.duration, 2.5)
        let video = try XCTUnwrap(URL(string: post.videoURI))
        XCTAssertTrue(video.path.hasPrefix(data.appendingPathComponent("videos").path))
        XCTAssertEqual(try Data(contentsOf: video), try Data(contentsOf: clip))
        let coverURL = try XCTUnwrap(post.coverURI.flatMap(URL.init(string:)))
        XCTAssertEqual(try Data(contentsOf: coverURL).count, 512)
        XCTAssertTrue(FileManager.default.fileExists(atPath: clip.path), "the recorder's clip is left for the caller")
        XCTAssertEqual(try repo.feedPage(after: nil, limit: 5).first?.id, post.id)
    }

    func testSavesACopyWhenAsked() throws {
        let copies = folder.appendingPathComponent("Videos")
        let fixed = now
        let outcome = try ClipPublisher(dataDirectory: data, repository: repository(), now: { fixed })
            .publish(publication(copyFolder: copies))
        XCTAssertNil(outcome.copyProblem)
        let copy = try XCTUnwrap(outcome.copyURL)
        XCTAssertEqual(copy.deletingLastPathComponent().path, copies.path)
        XCTAssertTrue(copy.lastPathComponent.hasPrefix("Loopfeed 20"))
        XCTAssertEqual(try Data(contentsOf: copy).count, 4096)
    }

    func testAFailedCopyStillPostsAndSaysWhy() throws {
        let blocked = folder.appendingPathComponent("NotAFolder")
        try Data("x".utf8).write(to: blocked)
        let outcome = try ClipPublisher(dataDirectory: data, repository: repository()).publish(publication(copyFolder: blocked))
        XCTAssertNil(outcome.copyURL)
        XCTAssertEqual(outcome.copyProblem, RecorderError.notWritable(path: blocked.path).description)
    }

    func testAnUnwritableDataDirectoryIsAClearErrorAndNothingIsLost() throws {
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try Data("in the way".utf8).write(to: data.appendingPathComponent("videos"))
        let repo = try repository()
        XCTAssertThrowsError(try ClipPublisher(dataDirectory: data, repository: repo).publish(publication())) { error in
            XCTAssertEqual(error as? RecorderError, .notWritable(path: self.data.appendingPathComponent("videos").path))
        }
        XCTAssertEqual(try repo.postCount(), 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: clip.path))
    }

    func testAFullDiskSaysSoAndLeavesNoHalfFiles() throws {
        let repo = try repository()
        for failure: Error in [POSIXError(.ENOSPC), CocoaError(.fileWriteOutOfSpace)] {
            // The video fits; the cover hits the full disk after writing part of itself.
            let publisher = ClipPublisher(dataDirectory: data, repository: repo, copy: { from, to in
                if to.pathExtension == "png" {
                    try Data("partial".utf8).write(to: to)
                    throw failure
                }
                try FileManager.default.copyItem(at: from, to: to)
            })
            XCTAssertThrowsError(try publisher.publish(publication())) { error in
                XCTAssertEqual(error as? RecorderError, .diskFull(path: self.data.appendingPathComponent("covers").path))
            }
            XCTAssertEqual(try repo.postCount(), 0)
            let left = (try? FileManager.default.contentsOfDirectory(atPath: data.appendingPathComponent("videos").path)) ?? []
            let covers = (try? FileManager.default.contentsOfDirectory(atPath: data.appendingPathComponent("covers").path)) ?? []
            XCTAssertEqual(left + covers, [], "no half-stored post is left behind")
            XCTAssertTrue(FileManager.default.fileExists(atPath: clip.path))
        }
        XCTAssertTrue(RecorderError.diskFull(path: "/x").description.contains("disk is full"))
    }
}
