import FeedCore
import Foundation

/// The loopback fakes of PeerTube, Loops and the search index (Tests/servers/serve.py) for a
/// test: started with their addresses read from the JSON line they print, ended when the test
/// lets them go (their standard input closes), faults switched and requests read at run time.
final class FakeNetworks: @unchecked Sendable {
    let peertube: [URL]
    let loops: [URL]
    let searchIndex: URL?
    private let process: Process
    private let input: Pipe

    init(arguments: [String] = []) throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../servers/serve.py").standardizedFileURL
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [script.path, "--until-stdin-closes"] + arguments
        input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw NSError(domain: "FakeNetworks", code: 1) }
            line.append(chunk)
        }
        guard let description = try JSONSerialization.jsonObject(with: line) as? [String: Any] else {
            throw NSError(domain: "FakeNetworks", code: 2)
        }
        peertube = (description["peertube"] as? [String] ?? []).compactMap(URL.init(string:))
        loops = (description["loops"] as? [String] ?? []).compactMap(URL.init(string:))
        searchIndex = (description["search_index"] as? String).flatMap(URL.init(string:))
    }

    /// Every site as the app reads it.
    var servers: [RemoteServer] {
        peertube.compactMap { RemoteServer(kind: .peertube, address: $0) }
            + (searchIndex.flatMap { RemoteServer(kind: .peertubeSearchIndex, address: $0) }.map { [$0] } ?? [])
            + loops.compactMap { RemoteServer(kind: .loops, address: $0) }
    }

    func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    /// Replaces the fault rules of `site` (`/__fake/faults`, see Tests/servers/faults.py).
    func setFaults(_ site: URL, _ rules: [[String: Any]]) throws {
        try call(site.appendingPathComponent("__fake/faults"), method: "PUT",
                 body: try JSONSerialization.data(withJSONObject: ["rules": rules]))
    }

    /// What `site` was asked, in order (`/__fake/requests`).
    func requests(_ site: URL) throws -> [[String: Any]] {
        let data = try call(site.appendingPathComponent("__fake/requests"))
        return try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []
    }

    /// Changes `site`'s accounts and tokens (`/__fake/auth`: lifetimes, expiring, the Loops
    /// browser's user and whether it denies).
    func setAuth(_ site: URL, _ settings: [String: Any]) throws {
        try call(site.appendingPathComponent("__fake/auth"), method: "POST",
                 body: try JSONSerialization.data(withJSONObject: settings))
    }

    func manifest(_ site: URL) throws -> [String: Any] {
        let data = try call(site.appendingPathComponent("__fake/manifest"))
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }

    /// A blocking call to the fakes' control endpoints, by python3's urllib (the test's own, not
    /// the client under test).
    @discardableResult
    private func call(_ url: URL, method: String = "GET", body: Data? = nil) throws -> Data {
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        let script = """
            import sys, urllib.request
            body = sys.stdin.buffer.read() or None
            r = urllib.request.Request(sys.argv[1], data=body, method=sys.argv[2], headers={"Content-Type": "application/json"})
            sys.stdout.buffer.write(urllib.request.urlopen(r, timeout=10).read())
            """
        python.arguments = ["-c", script, url.absoluteString, method]
        let input = Pipe(), output = Pipe()
        python.standardInput = input
        python.standardOutput = output
        try python.run()
        input.fileHandleForWriting.write(body ?? Data())
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        python.waitUntilExit()
        guard python.terminationStatus == 0 else { throw NSError(domain: "FakeNetworks", code: Int(python.terminationStatus)) }
        return data
    }
}
