import FeedCore
import FeedMedia
import Foundation
import GLibKit
import GStreamerKit
import Synchronization
import TestSupport
import XCTest

/// Clips made at test time with gst-launch-1.0 (x264 + AAC in MP4, Vorbis in Ogg).
struct TestClips: Sendable {
    let directory: URL
    /// 320x568, 30 frames at 30 fps, no audio.
    let portrait: URL
    /// 640x360, 30 frames at 30 fps, no audio.
    let landscape: URL
    /// 320x568 video and AAC audio, both 1 s.
    let audioVideo: URL
    /// 1.0 s of Vorbis in Ogg: no video stream at all.
    let audioOnly: URL
    /// 64 KiB of random bytes named .mp4.
    let corrupt: URL
    /// The first half of `portrait` (the moov atom, written last, is missing).
    let truncated: URL
    /// 160x284, 3 s, index at the front, cut after 40 %.
    let truncatedFaststart: URL
    /// A plain text file.
    let text: URL
    /// A path that does not exist.
    let missing: URL

    static let shared: Result<TestClips, Error> = Result { try TestClips.make() }

    static func get() throws -> TestClips { try shared.get() }

    private static var directory: URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("loopfeed-media-tests-\(getpid())", isDirectory: true)
    }

    /// Made once per test process (several test classes share them) and removed when it exits.
    private static func make() throws -> TestClips {
        let dir = directory
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: TestClips.directory) }
        func url(_ name: String) -> URL { dir.appendingPathComponent(name) }

        let h264 = "x264enc speed-preset=ultrafast key-int-max=30 ! video/x-h264,profile=main ! h264parse"
        func video(_ width: Int, _ height: Int) -> String {
            "videotestsrc num-buffers=30 pattern=ball ! video/x-raw,format=I420,width=\(width),height=\(height),framerate=30/1 ! \(h264)"
        }
        let aac = GStreamer.hasElement("avenc_aac") ? "avenc_aac" : "voaacenc"
        try launch("\(video(320, 568)) ! mp4mux ! filesink location=\(url("portrait.mp4").path)")
        try launch("\(video(640, 360)) ! mp4mux ! filesink location=\(url("landscape.mp4").path)")
        // 48 buffers of 1000 samples at 48 kHz: exactly as long as the 30 video frames.
        try launch("\(video(320, 568)) ! mp4mux name=mux ! filesink location=\(url("av.mp4").path) "
            + "audiotestsrc num-buffers=48 samplesperbuffer=1000 ! audio/x-raw,rate=48000,channels=2 "
            + "! audioconvert ! \(aac) ! mux.")
        try launch("audiotestsrc num-buffers=48 samplesperbuffer=1000 ! audio/x-raw,rate=48000 ! audioconvert "
            + "! vorbisenc ! oggmux ! filesink location=\(url("audio.ogg").path)")

        var generator = SystemRandomNumberGenerator()
        let noise = Data((0..<65_536).map { _ in UInt8.random(in: 0...255, using: &generator) })
        try noise.write(to: url("corrupt.mp4"))
        let good = try Data(contentsOf: url("portrait.mp4"))
        try good.prefix(good.count / 2).write(to: url("truncated.mp4"))
        try launch("videotestsrc num-buffers=90 pattern=ball ! video/x-raw,format=I420,width=160,height=284,framerate=30/1 ! \(h264) "
            + "! mp4mux faststart=true ! filesink location=\(url("faststart.mp4").path)")
        let whole = try Data(contentsOf: url("faststart.mp4"))
        try whole.prefix(whole.count * 4 / 10).write(to: url("truncated-faststart.mp4"))
        try "Just some notes, not a video.\nSecond line.\n".write(to: url("notes.txt"), atomically: true, encoding: .utf8)

        return TestClips(directory: dir, portrait: url("portrait.mp4"), landscape: url("landscape.mp4"),
                         audioVideo: url("av.mp4"), audioOnly: url("audio.ogg"), corrupt: url("corrupt.mp4"),
                         truncated: url("truncated.mp4"),
                         truncatedFaststart: url("truncated-faststart.mp4"), text: url("notes.txt"), missing: url("missing.mp4"))
    }

    static func launch(_ description: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/gst-launch-1.0")
        process.arguments = ["-q"] + description.split(separator: " ").map(String.init)
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw NSError(domain: "TestClips", code: Int(process.terminationStatus),
                          userInfo: [NSLocalizedDescriptionKey: "gst-launch-1.0 \(description) failed: \(stderr)"])
        }
    }
}

extension URL {
    var fileURI: String { absoluteString }
}

/// A VideoFrameReceiver that records every frame with the reset generation it arrived in.
final class FrameLog: VideoFrameReceiver {
    struct Entry: Sendable {
        let width: Int
        let height: Int
        let pts: UInt64?
        let isPreroll: Bool
        let generation: Int
        let arrivalUs: Int64
        var isGL = false
        var orientation = VideoOrientation.identity
    }

    private struct State {
        var entries: [Entry] = []
        /// Bumped each time the player asks for a new source, as a page's picture would be.
        var generation = 0
        var wanted: UInt64 = 0
        var current: UInt64 = 0
    }

    private let state = Mutex(State())
    private let deinitCounter: Locked<Int>?

    init(deinitCounter: Locked<Int>? = nil) { self.deinitCounter = deinitCounter }
    deinit { deinitCounter?.mutate { $0 += 1 } }

    func receive(_ frame: VideoFrame, isPreroll: Bool) {
        let now = SystemMonotonicClock().nowMicroseconds()
        state.withLock {
            // What VideoSurface would show: frames of the source the window wants, no others.
            guard $0.current == $0.wanted else { return }
            $0.entries.append(Entry(width: frame.width, height: frame.height, pts: frame.presentationTime,
                                    isPreroll: isPreroll, generation: $0.generation, arrivalUs: now,
                                    isGL: frame.isGL, orientation: frame.orientation))
        }
    }

    @MainActor func expectSource(_ source: UInt64) {
        state.withLock {
            $0.generation += 1
            $0.wanted = source
        }
    }

    func beginSource(_ source: UInt64) { state.withLock { $0.current = source } }

    var entries: [Entry] { state.withLock { $0.entries } }
    var generation: Int { state.withLock { $0.generation } }
    /// The source the player thread last began (frames arriving now are its).
    var begunSource: UInt64 { state.withLock { $0.current } }
    var played: [Entry] { entries.filter { !$0.isPreroll } }
    var count: Int { state.withLock { $0.entries.count } }
    var playedCount: Int { state.withLock { $0.entries.lazy.filter { !$0.isPreroll }.count } }
}

extension LoopingPlayer.Phase {
    var isFailed: Bool { if case .failed = self { true } else { false } }
    var error: MediaError? { if case .failed(let error) = self { error } else { nil } }
}

@MainActor
func spin(seconds: Double) {
    _ = MainLoop.run(until: { false }, timeoutSeconds: seconds)
}

/// Runs a finite pipeline (a test file being made, a picture being decoded) to its end.
func runToEnd(_ description: String, file: StaticString = #filePath, line: UInt = #line) throws {
    try onMain {
        GStreamer.initialize()
        let pipeline = try Pipeline.parse(description)
        pipeline.setState(.playing)
        let outcome = pipeline.waitForEndOrError(timeoutSeconds: 20)
        pipeline.setState(.null)
        XCTAssertEqual(outcome, .endOfStream, description, file: file, line: line)
    }
}

/// What gst-discoverer-1.0 says of a file: its duration and whether it has H.264 video and AAC audio.
struct DiscoveredMedia {
    let seconds: Double
    let hasH264: Bool
    let hasAAC: Bool
    let report: String

    static func probe(_ url: URL) throws -> DiscoveredMedia {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/gst-discoverer-1.0")
        process.arguments = [url.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        process.waitUntilExit()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let seconds = text.split(separator: "\n").first { $0.contains("Duration:") }.map { line -> Double in
            let parts = line.split(separator: " ").last!.split(separator: ":")
            return Double(parts[0])! * 3600 + Double(parts[1])! * 60 + Double(parts[2])!
        } ?? 0
        return DiscoveredMedia(seconds: seconds, hasH264: text.contains("H.264"), hasAAC: text.contains("AAC"), report: text)
    }
}

/// A PNG's pixels, decoded by GStreamer (pngdec), for comparing pictures.
enum PNGDifference {
    /// The mean absolute difference of two same-sized PNGs' RGB values, 0...255.
    static func between(_ a: URL, _ b: URL) throws -> Double {
        let (pa, pb) = (try rgb(a), try rgb(b))
        guard pa.count == pb.count, !pa.isEmpty else { return 255 }
        var sum = 0
        for index in pa.indices { sum += abs(Int(pa[index]) - Int(pb[index])) }
        return Double(sum) / Double(pa.count)
    }

    static func rgb(_ png: URL) throws -> [UInt8] {
        let raw = png.deletingPathExtension().appendingPathExtension("rgb")
        defer { try? FileManager.default.removeItem(at: raw) }
        try runToEnd("filesrc location=\"\(png.path)\" ! pngdec ! videoconvert "
            + "! video/x-raw,format=RGB ! filesink location=\"\(raw.path)\"")
        return [UInt8](try Data(contentsOf: raw))
    }
}
