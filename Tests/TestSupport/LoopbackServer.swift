public import Foundation

/// A test's HTTP server on 127.0.0.1: a Python script (standard library only) beside the tests
/// that prints its port on its first line and serves until it is stopped.
public final class LoopbackServer: Sendable {
    public let port: Int
    private let process: Process

    /// Starts `script` (a path) with `arguments` and waits for its port.
    public init(script: String, arguments: [String] = []) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [script] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw NSError(domain: "LoopbackServer", code: 1) }
            line.append(chunk)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw NSError(domain: "LoopbackServer", code: 2)
        }
        self.process = process
        self.port = port
    }

    /// The script named `name` in the folder of the test file `file` (pass `#filePath`).
    public convenience init(script name: String, besides file: String, arguments: [String] = []) throws {
        try self.init(script: URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent(name).path,
                      arguments: arguments)
    }

    public func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    public func stop() { process.terminate() }
}
