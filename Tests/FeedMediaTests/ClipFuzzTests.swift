import FeedCore
@testable import FeedMedia
import Foundation
import GLibKit
import GStreamerKit
import TestSupport
import XCTest

/// The clip fuzzer (issue 13): valid short clips, mutated with a fixed seed (bits flipped, byte
/// runs, cuts, inserted and spliced bytes, MP4 boxes duplicated or removed), go through the
/// import's probe (DiscovererVideoProbe) and a LoopingPlayer, as a file a user adds would.
/// Each must end ready or failed within 5 s, played for a moment if ready, and never crash or
/// hang; the player still loads a good clip afterwards.
///
/// 40 runs in CI (about 20 s). The long run is the same test with LOOPFEED_FUZZ_RUNS (and
/// LOOPFEED_FUZZ_SEED, LOOPFEED_FUZZ_START) set, writing fuzz_clips.json into
/// $RELIABILITY_RESULTS_DIR (tools/reliability.sh).
final class ClipFuzzTests: XCTestCase, @unchecked Sendable {
    /// This test's players' runtime (their threads, their sound), silent.
    private let runtime = MediaRuntime(audioSinkDescription: "fakesink sync=true")
    /// The issue's bound for a page: its first frame or its error card within 5 s.
    static let settleSeconds = 5.0
    /// The probe's own timeout is 5 s; past this it hangs.
    static let probeLimitSeconds = 8.0

    private var folder: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        MainActor.assumeIsolated { GStreamer.initialize() }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("loopfeed-clip-fuzz-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if ProcessInfo.processInfo.environment["LOOPFEED_FUZZ_KEEP"] == nil { try? FileManager.default.removeItem(at: folder) }
    }

    /// The valid clips mutations start from: MP4 with its index first (video and sound), MP4
    /// with it last, WebM and Ogg; all under a second and small, so each run is quick.
    private func seedClips() throws -> [(name: String, bytes: [UInt8])] {
        let video = "videotestsrc num-buffers=20 pattern=ball ! video/x-raw,format=I420,width=128,height=224,framerate=30/1"
        let h264 = "x264enc speed-preset=ultrafast key-int-max=10 ! video/x-h264,profile=main ! h264parse"
        let aac = GStreamer.hasElement("avenc_aac") ? "avenc_aac" : "voaacenc"
        let sound = "audiotestsrc num-buffers=20 samplesperbuffer=1600 ! audio/x-raw,rate=48000,channels=2 ! audioconvert ! \(aac)"
        let clips = [
            ("faststart.mp4", "\(video) ! \(h264) ! mp4mux faststart=true name=mux ! filesink location=%@ \(sound) ! mux."),
            ("moov-last.mp4", "\(video) ! \(h264) ! mp4mux ! filesink location=%@"),
            ("vp8.webm", "\(video) ! vp8enc deadline=1 ! webmmux ! filesink location=%@"),
            ("theora.ogv", "\(video) ! theoraenc ! oggmux ! filesink location=%@"),
        ]
        return try clips.map { name, pipeline in
            let url = folder.appendingPathComponent("seed-" + name)
            try TestClips.launch(pipeline.replacingOccurrences(of: "%@", with: url.path))
            return (name, [UInt8](try Data(contentsOf: url)))
        }
    }

    /// One mutation for run `index`: a box mutation for an MP4 one time in four, else a byte one.
    private static func mutate(_ clip: [UInt8], rng: inout SeededRandom) -> ([UInt8], String) {
        if Int.random(in: 0..<4, using: &rng) == 0, let box = BoxMutation.allCases.randomElement(using: &rng),
           let mutated = box.apply(to: clip, using: &rng) {
            return (mutated, box.rawValue)
        }
        let kind = ByteMutation.allCases.randomElement(using: &rng) ?? .bitFlips
        return (kind.apply(to: clip, using: &rng), kind.rawValue)
    }

    /// The probe on a worker thread, as the import runs it; nil facts and the time it took,
    /// or a hang.
    private static func probe(_ file: URL) -> (outcome: String, seconds: Double) {
        let started = Date()
        let done = DispatchSemaphore(value: 0)
        let result = Locked<VideoFileFacts?>(nil)
        DispatchQueue.global().async {
            result.value = DiscovererVideoProbe().probe(file)
            done.signal()
        }
        guard done.wait(timeout: .now() + probeLimitSeconds) == .success else { return ("hung", probeLimitSeconds) }
        return (result.value == nil ? "refused" : "video", Date().timeIntervalSince(started))
    }

    func testMutatedClipsEndReadyOrFailedInTime() throws {
        let seeds = try seedClips()
        let good = folder.appendingPathComponent("seed-faststart.mp4")
        let settings = FuzzSettings.fromEnvironment(defaultRuns: 40)
        let failures = try onMain {
            let log = FuzzLog(name: "fuzz_clips", settings: settings)
            var player = try LoopingPlayer(receiver: FrameLog(), runtime: runtime)
            for index in log.indexes {
                var rng = SeededRandom(seed: log.seed(of: index))
                let (name, clip) = seeds[Int.random(in: 0..<seeds.count, using: &rng)]
                let (input, mutation) = Self.mutate(clip, rng: &rng)
                let label = "\(name):\(mutation)"
                log.willTry(input, index: index, mutation: label)
                let file = folder.appendingPathComponent("run-\(index)-" + name)
                try Data(input).write(to: file)
                defer { if ProcessInfo.processInfo.environment["LOOPFEED_FUZZ_KEEP"] == nil { try? FileManager.default.removeItem(at: file) } }

                let probed = Self.probe(file)
                if probed.outcome == "hung" {
                    log.fail(index: index, mutation: label, reason: "the probe did not answer in \(Self.probeLimitSeconds) s", input: input)
                }
                let started = Date()
                player.load(uri: file.absoluteString)
                let settled = MainLoop.run(until: { player.phase != .loading }, timeoutSeconds: Self.settleSeconds + 1)
                let seconds = Date().timeIntervalSince(started)
                var outcome = player.phase == .ready ? "ready" : player.phase.error.map { "failed:\($0.kind.rawValue)" } ?? "\(player.phase)"
                if !settled || seconds > Self.settleSeconds {
                    log.fail(index: index, mutation: label, reason: "\(outcome) after \(String(format: "%.1f", seconds)) s", input: input)
                    outcome = settled ? outcome : "stuck"
                } else if let error = player.phase.error, error.message.isEmpty {
                    log.fail(index: index, mutation: label, reason: "failed without a reason", input: input)
                }
                if player.phase == .ready {
                    // Decoding the damage, not only reading its headers.
                    player.play()
                    spin(seconds: 0.3)
                    if player.phase == .loading { log.fail(index: index, mutation: label, reason: "back to loading while playing", input: input) }
                }
                log.record(index: index, mutation: mutation, outcome: "probe \(probed.outcome), player \(outcome)", seconds: seconds)
                if !settled {
                    // A player that never settled is dropped for a fresh one, so one finding does not hide the next.
                    player = try LoopingPlayer(receiver: FrameLog(), runtime: runtime)
                }
                if index % 10 == 9 {
                    player.load(uri: good.absoluteString)
                    if !MainLoop.run(until: { player.phase == .ready }, timeoutSeconds: 5) {
                        log.fail(index: index, mutation: label, reason: "the player no longer loads a good clip after it", input: input)
                    }
                }
            }
            log.finish()
            return log.failures
        }
        XCTAssertEqual(failures.count, 0, failures.map { "run \($0.index) (\($0.mutation), seed \(settings.seed)): \($0.reason)" }
            .joined(separator: "\n"))
    }
}
