import Foundation
import GLibKit
import GStreamerKit
import TestSupport
import XCTest

/// The sink bin a player's sound goes into: whatever the sink inside does, the stream upstream
/// of the bin goes on.
final class SwappableSinkTests: XCTestCase {
    override func setUp() {
        super.setUp()
        MainActor.assumeIsolated { GStreamer.initialize() }
    }

    private static func isError(_ message: BusMessage) -> Bool {
        if case .error = message { true } else { false }
    }

    /// PulseAudio coming back answers before it has an output (it loads its sinks after its
    /// socket): the pulsesink put back reaches READY, then refuses the stream's format. That was
    /// a "damaged video" error from upstream (the source's "Internal data stream error",
    /// not-negotiated); now the bin says it, and only it, and the stream goes on.
    func testASinkThatRefusesTheFormatMidStreamIsTheSoundsErrorAndTheStreamGoesOn() throws {
        let server = try SinklessPulseServer()
        defer { server.stop() }
        let address = server.address
        try onMain {
            let pipeline = try Pipeline.parse(
                "audiotestsrc is-live=true samplesperbuffer=441 ! audioconvert ! audioresample ! identity name=upstream")
            let working = try Element.make("fakesink")
            working.set("sync", "true")
            let sound = try SwappableSink(name: "sound", sink: working)
            XCTAssertTrue(pipeline.add(sound.bin))
            let upstream = try XCTUnwrap(pipeline.child(named: "upstream")?.staticPad("src"))
            XCTAssertTrue(upstream.link(to: try XCTUnwrap(sound.bin.staticPad("sink"))))
            let messages = Locked<[BusMessage]>([])
            pipeline.watchBus { message in messages.mutate { $0.append(message) } }
            XCTAssertNotEqual(pipeline.setState(.playing), .failure)
            XCTAssertTrue(MainLoop.run(until: { (pipeline.position ?? 0) > 100_000_000 }, timeoutSeconds: 5),
                          "the stream never ran: \(messages.value)")

            // Put back twice, as a player does every 2 s, a silent sink between the two.
            for round in 1...2 {
                let refusing = try Element.make("pulsesink")
                refusing.set("server", address)
                refusing.set("provide-clock", "false")
                XCTAssertNotEqual(refusing.setState(.ready), .failure, "the server without outputs does not answer")
                SwappableSink.stopPrerolling(refusing)
                let before = messages.value.count
                XCTAssertTrue(sound.replace(with: refusing))
                XCTAssertTrue(MainLoop.run(until: { messages.value.dropFirst(before).contains(where: Self.isError) },
                                           timeoutSeconds: 3), "round \(round): the refusal was never said")
                _ = MainLoop.run(until: { false }, timeoutSeconds: 0.5)
                let errors = messages.value.compactMap { message -> MessageSource? in
                    if case .error(_, _, let source) = message { source } else { nil }
                }
                XCTAssertTrue(errors.allSatisfy { $0.isInside("sound") },
                              "round \(round): an error from outside the sound's bin: \(messages.value)")
                XCTAssertEqual(pipeline.currentState, .playing)
                let silent = try Element.make("fakesink")
                silent.set("sync", "true")
                silent.set("async", "false")
                XCTAssertTrue(sound.replace(with: silent))
                _ = MainLoop.run(until: { false }, timeoutSeconds: 0.3)
            }

            // A working sink again: the stream still runs, with no seek.
            let back = try Element.make("fakesink")
            back.set("sync", "true")
            back.set("async", "false")
            XCTAssertTrue(sound.replace(with: back))
            let positionAtReturn = pipeline.position ?? 0
            XCTAssertTrue(MainLoop.run(until: { (pipeline.position ?? 0) > positionAtReturn + 200_000_000 }, timeoutSeconds: 3),
                          "the stream stopped: \(messages.value)")
            pipeline.setState(.null)
        }
    }
}

/// A PulseAudio of the test's own with its socket and no output, as one is for a moment while it
/// starts. Skips the test where PulseAudio or its GStreamer plugin is not installed.
private final class SinklessPulseServer {
    private let folder: URL
    let address: String

    init() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/pulseaudio") else { throw XCTSkip("no pulseaudio") }
        guard (try? Element.make("pulsesink")) != nil else { throw XCTSkip("no pulsesink (gstreamer1.0-pulseaudio)") }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sinkless-pulse-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        address = "unix:" + folder.appendingPathComponent("pulse/native").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pulseaudio")
        process.arguments = ["--daemonize=yes", "--exit-idle-time=-1", "--disallow-exit", "-n", "--use-pid-file=yes",
                             "-L", "module-native-protocol-unix"]
        process.environment = ["XDG_RUNTIME_DIR": folder.path, "HOME": folder.path, "PATH": "/usr/bin:/bin"]
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let socket = folder.appendingPathComponent("pulse/native").path
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: socket), Date() < deadline { usleep(50_000) }
        guard FileManager.default.fileExists(atPath: socket) else { throw XCTSkip("the test's pulseaudio did not start") }
    }

    func stop() {
        if let pid = try? String(contentsOf: folder.appendingPathComponent("pulse/pid"), encoding: .utf8),
           let number = Int32(pid.trimmingCharacters(in: .whitespacesAndNewlines)) {
            kill(number, SIGTERM)
        }
        try? FileManager.default.removeItem(at: folder)
    }
}
