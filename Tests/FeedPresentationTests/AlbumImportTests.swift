import FeedCore
@testable import FeedPresentation
import FeedTesting
import Foundation
import TestSupport
import XCTest

/// Album's decisions without a display: what counts as a video to edit, and a newer pick
/// replacing one still being probed.
final class AlbumImportTests: XCTestCase {
    private static let clip = URL(fileURLWithPath: "/home/u/Videos/beach.mp4")
    private static let song = URL(fileURLWithPath: "/home/u/Music/song.ogg")

    private static func facts(_ url: URL, size: PixelSize?, seconds: Double = 9) -> ClipFacts {
        ClipFacts(url: url, durationSeconds: seconds, size: size, hasAudio: true)
    }

    func testAVideoIsHandedOverAndAnythingElseIsRefusedWithItsName() throws {
        onMain {
            let clip = Self.clip, song = Self.song
            let jobs = FakeClipJobs()
            let album = AlbumImport(clipJobs: jobs)
            var outcomes: [AlbumImport.Outcome] = []
            album.open(clip) { outcomes.append($0) }
            XCTAssertTrue(album.isProbing)
            XCTAssertEqual(jobs.pendingProbes, [clip], "probed by the service, not here")
            jobs.finishProbe(clip, with: .success(Self.facts(clip, size: PixelSize(width: 720, height: 1280))))
            XCTAssertEqual(outcomes, [.video(Self.facts(clip, size: PixelSize(width: 720, height: 1280)))])
            XCTAssertFalse(album.isProbing)

            album.open(song) { outcomes.append($0) }
            jobs.finishProbe(song, with: .success(Self.facts(song, size: nil)))
            XCTAssertEqual(outcomes.last, .refused("“song.ogg” isn’t a video Loopfeed can open."), "a sound is not a video")

            let broken = URL(fileURLWithPath: "/tmp/broken.mp4")
            album.open(broken) { outcomes.append($0) }
            jobs.finishProbe(broken, with: .failure(ClipJobFailure("Could not determine type of stream")))
            XCTAssertEqual(outcomes.last, .refused("“broken.mp4” isn’t a video Loopfeed can open."))
            XCTAssertEqual(outcomes.count, 3)
        }
    }

    func testANewerPickReplacesOneStillBeingProbed() throws {
        onMain {
            let clip = Self.clip, song = Self.song
            let jobs = FakeClipJobs()
            let album = AlbumImport(clipJobs: jobs)
            var opened: [URL] = []
            album.open(song) { if case .video(let facts) = $0 { opened.append(facts.url) } }
            album.open(clip) { if case .video(let facts) = $0 { opened.append(facts.url) } }
            jobs.finishProbe(clip, with: .success(Self.facts(clip, size: PixelSize(width: 720, height: 1280))))
            jobs.finishProbe(song, with: .success(Self.facts(song, size: PixelSize(width: 640, height: 360))))
            XCTAssertEqual(opened, [clip], "the older pick's late answer is dropped")
        }
    }
}
