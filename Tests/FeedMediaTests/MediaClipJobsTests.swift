import FeedCore
import FeedMedia
import Foundation
import GLibKit
import GStreamerKit
import TestSupport
import XCTest

/// The Create tab's worker jobs on real clips: results arrive on the main loop, and a
/// cancelled ticket means nothing is delivered.
final class MediaClipJobsTests: XCTestCase, @unchecked Sendable {
    private var clips: TestClips!
    private var folder: URL!
    private let jobs = MediaClipJobs()

    override func setUpWithError() throws {
        try super.setUpWithError()
        MainActor.assumeIsolated { GStreamer.initialize() }
        clips = try TestClips.get()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("loopfeed-clipjobs-\(UUID().uuidString)")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
        super.tearDown()
    }

    func testProbeTellsAVideoFromOtherFiles() throws {
        try onMain {
            let results = Locked<[URL: Result<ClipFacts, ClipJobFailure>]>([:])
            for file in [clips.portrait, clips.audioOnly, clips.text] {
                jobs.probe(file) { result in
                    MainActor.preconditionIsolated()
                    results.mutate { $0[file] = result }
                }
            }
            XCTAssertTrue(MainLoop.run(until: { results.value.count == 3 }, timeoutSeconds: 10))
            let video = try XCTUnwrap(try results.value[clips.portrait]?.get())
            XCTAssertTrue(video.isVideo)
            XCTAssertEqual(video.size, PixelSize(width: 320, height: 568))
            XCTAssertEqual(video.durationSeconds, 1, accuracy: 0.05)
            let sound = try XCTUnwrap(try results.value[clips.audioOnly]?.get())
            XCTAssertFalse(sound.isVideo, "a sound file is not a video to edit")
            XCTAssertTrue(sound.hasAudio)
            guard case .failure(let failure)? = results.value[clips.text] else { return XCTFail("a text file probed") }
            XCTAssertFalse(failure.description.isEmpty)
        }
    }

    func testJoiningTwoSegmentsMakesOneClipOfBothLengths() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for index in 0..<2 {
            try FileManager.default.copyItem(at: clips.audioVideo, to: jobs.nextSegment(in: folder))
            XCTAssertEqual(jobs.nextSegment(in: folder).lastPathComponent, "seg-00\(index + 2).mp4")
        }
        try onMain {
            let joined = Locked<Result<ClipFacts, ClipJobFailure>?>(nil)
            jobs.join(segmentsIn: folder) { joined.value = $0 }
            XCTAssertTrue(MainLoop.run(until: { joined.value != nil }, timeoutSeconds: 20))
            let clip = try XCTUnwrap(try joined.value?.get())
            XCTAssertEqual(clip.url.lastPathComponent, "clip.mp4")
            XCTAssertEqual(clip.durationSeconds, 2, accuracy: 0.15)
            XCTAssertTrue(clip.hasAudio)
        }
        // Undo removes the last segment only.
        jobs.removeLastSegment(in: folder)
        XCTAssertEqual(jobs.nextSegment(in: folder).lastPathComponent, "seg-002.mp4")
    }

    func testJoiningAnEmptyFolderFailsWithAReason() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        onMain {
            let joined = Locked<Result<ClipFacts, ClipJobFailure>?>(nil)
            jobs.join(segmentsIn: folder) { joined.value = $0 }
            XCTAssertTrue(MainLoop.run(until: { joined.value != nil }, timeoutSeconds: 10))
            guard case .failure(let failure)? = joined.value else { return XCTFail("nothing was joined") }
            XCTAssertFalse(failure.description.isEmpty)
        }
    }

    func testCoversAreMadeAndACancelledTicketDeliversNothing() throws {
        try onMain {
            let made = Locked<[URL]?>(nil)
            jobs.covers(of: clips.portrait, at: [0, 0.5, 0.9], edit: ClipEdit(), width: 90, into: folder,
                        ticket: WorkTicket()) { frames, _ in made.value = frames }
            let cancelled = WorkTicket()
            let late = Locked(false)
            jobs.covers(of: clips.portrait, at: [0.2, 0.4], edit: ClipEdit(), width: 90, into: folder,
                        ticket: cancelled) { _, _ in late.value = true }
            cancelled.cancel()
            XCTAssertTrue(MainLoop.run(until: { made.value != nil }, timeoutSeconds: 15))
            let frames = try XCTUnwrap(made.value)
            XCTAssertEqual(frames.count, 3)
            for frame in frames { XCTAssertTrue(FileManager.default.fileExists(atPath: frame.path), frame.path) }
            // Covers run one job after another: once the second has had its turn, it must be silent.
            _ = MainLoop.run(until: { late.value }, timeoutSeconds: 1)
            XCTAssertFalse(late.value, "a cancelled ticket's covers were delivered")
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            XCTAssertEqual(files.count, 3, "only the wanted covers are on disk: \(files)")
        }
    }

    func testACancelledRenderDeliversNothingAndLeavesNoFile() throws {
        try onMain {
            XCTAssertNil(jobs.makeFolder(folder))
            let ticket = WorkTicket()
            let delivered = Locked(false)
            jobs.render(clips.audioVideo, edit: ClipEdit(speed: .double, overlayText: "hi", textPosition: 0.5),
                        into: folder, ticket: ticket, progress: { _ in }, then: { _ in delivered.value = true })
            ticket.cancel()
            _ = MainLoop.run(until: { delivered.value }, timeoutSeconds: 3)
            XCTAssertFalse(delivered.value, "a cancelled render was delivered")
            let finals = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("final-") }
            XCTAssertEqual(finals, [], "a cancelled render left a file")
        }
    }

    /// What the service's cancellation rests on: a renderer whose ticket is cancelled stops.
    func testARendererWithACancelledTicketStopsWithNoFile() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let ticket = WorkTicket()
        ticket.cancel()
        let output = folder.appendingPathComponent("final-x.mp4")
        let result = ClipRenderer(source: clips.audioVideo, edit: ClipEdit(speed: .double), output: output, ticket: ticket)
            .renderNow()
        XCTAssertEqual(result, .failure(.cancelled))
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.path))
    }

    /// A file name is never parsed as pipeline text: quotes, a backslash and an exclamation
    /// mark in the folder's name change nothing for joining, covers and rendering.
    func testNamesWithQuotesAndBackslashesAreJustNames() throws {
        let odd = folder.appendingPathComponent(#"Mom's "best" \ clip! ="#, isDirectory: true)
        try FileManager.default.createDirectory(at: odd, withIntermediateDirectories: true)
        for _ in 0..<2 { try FileManager.default.copyItem(at: clips.audioVideo, to: jobs.nextSegment(in: odd)) }
        try onMain {
            let joined = Locked<Result<ClipFacts, ClipJobFailure>?>(nil)
            jobs.join(segmentsIn: odd) { joined.value = $0 }
            XCTAssertTrue(MainLoop.run(until: { joined.value != nil }, timeoutSeconds: 20))
            let clip = try XCTUnwrap(try joined.value?.get())
            XCTAssertEqual(clip.durationSeconds, 2, accuracy: 0.15)

            let covers = Locked<[URL]?>(nil)
            jobs.covers(of: clip.url, at: [0.5], edit: ClipEdit(overlayText: "hi"), width: 90, into: odd,
                        ticket: WorkTicket()) { frames, _ in covers.value = frames }
            let rendered = Locked<Result<URL, ClipJobFailure>?>(nil)
            jobs.render(clip.url, edit: ClipEdit(speed: .double), into: odd, ticket: WorkTicket(),
                        progress: { _ in }, then: { rendered.value = $0 })
            XCTAssertTrue(MainLoop.run(until: { covers.value != nil && rendered.value != nil }, timeoutSeconds: 60))
            XCTAssertEqual(covers.value?.count, 1)
            let video = try XCTUnwrap(try rendered.value?.get())
            XCTAssertTrue(FileManager.default.fileExists(atPath: video.path))
            XCTAssertEqual(video.deletingLastPathComponent().standardizedFileURL, odd.standardizedFileURL)
        }
    }

    func testAFolderThatCannotBeMadeSaysWhy() {
        let blocker = FileManager.default.temporaryDirectory.appendingPathComponent("loopfeed-blocker-\(UUID().uuidString)")
        XCTAssertTrue(FileManager.default.createFile(atPath: blocker.path, contents: Data("x".utf8)))
        defer { try? FileManager.default.removeItem(at: blocker) }
        let problem = jobs.makeFolder(blocker.appendingPathComponent("clip"))
        XCTAssertNotNil(problem, "a folder inside a file was made")
        XCTAssertFalse(problem?.description.isEmpty ?? true)
    }
}
