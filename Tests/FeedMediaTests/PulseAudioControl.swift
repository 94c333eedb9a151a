import Foundation
import GStreamerKit
import XCTest

/// `pactl` against whatever server the session provides (tools/headless-session.sh starts one
/// with a null sink and a null source); tests that need it skip without a server.
enum PulseAudioControl {
    static func requireServer() throws {
        guard (try? run(["info"])) != nil else { throw XCTSkip("no PulseAudio server in this session") }
    }

    /// Loads a null source (a microphone as far as anyone can tell); returns the module index.
    static func loadNullSource(named name: String) throws -> String {
        try run(["load-module", "module-null-source", "source_name=\(name)"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func unload(_ module: String) {
        _ = try? run(["unload-module", module])
    }

    private struct Failed: Error { let arguments: [String] }

    @discardableResult
    private static func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pactl")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failed(arguments: arguments) }
        return String(decoding: data, as: UTF8.self)
    }
}

extension PulseAudioControl {
    /// The PulseAudio plugin (pulsesink) is installed; no server is needed.
    static func requirePulseSink() throws {
        guard GStreamer.hasElement("pulsesink") else { throw XCTSkip("no pulsesink (gstreamer1.0-pulseaudio)") }
    }
}
