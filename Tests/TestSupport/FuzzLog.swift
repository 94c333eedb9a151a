import Foundation

/// How many fuzz runs and from which seed: a short fixed run by default (CI), the long one
/// from the environment (tools/reliability.sh): LOOPFEED_FUZZ_RUNS, LOOPFEED_FUZZ_SEED, and
/// LOOPFEED_FUZZ_START to repeat a run that found something (its index, with the same seed).
public struct FuzzSettings: Sendable {
    public var runs: Int
    public var seed: UInt64
    public var start: Int

    public static func fromEnvironment(defaultRuns: Int, defaultSeed: UInt64 = 13) -> FuzzSettings {
        let environment = ProcessInfo.processInfo.environment
        return FuzzSettings(runs: environment["LOOPFEED_FUZZ_RUNS"].flatMap(Int.init) ?? defaultRuns,
                            seed: environment["LOOPFEED_FUZZ_SEED"].flatMap(UInt64.init) ?? defaultSeed,
                            start: environment["LOOPFEED_FUZZ_START"].flatMap(Int.init) ?? 0)
    }
}

/// What a fuzz run saw: outcomes by kind and by mutation, the slowest inputs, and every failure
/// with the seed and index that repeat it and the input itself, saved beside the summary.
/// With RELIABILITY_RESULTS_DIR set, the summary is written there as `<name>.json`, and each
/// input is written before it is tried (`<name>-current.bin`), so one that crashes the process
/// is still there afterwards.
public final class FuzzLog {
    public struct Failure: Codable, Sendable {
        public var index: Int
        public var mutation: String
        public var reason: String
        public var input: String?
    }

    struct Slow: Codable {
        var index: Int
        var mutation: String
        var seconds: Double
        var outcome: String
    }

    public let name: String
    public let settings: FuzzSettings
    public private(set) var failures: [Failure] = []
    private var outcomes: [String: Int] = [:]
    private var mutations: [String: Int] = [:]
    private var slowest: [Slow] = []
    private var runs = 0
    private let started = Date()
    private let folder: URL?

    public init(name: String, settings: FuzzSettings) {
        self.name = name
        self.settings = settings
        folder = ProcessInfo.processInfo.environment["RELIABILITY_RESULTS_DIR"].map { URL(fileURLWithPath: $0) }
        if let folder { try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
    }

    /// The indexes this run covers.
    public var indexes: Range<Int> { settings.start..<(settings.start + settings.runs) }

    public func seed(of index: Int) -> UInt64 { SeededRandom.runSeed(base: settings.seed, index: index) }

    /// Keeps the input about to be tried, so a crash leaves it behind (long runs only).
    public func willTry(_ input: [UInt8], index: Int, mutation: String) {
        guard let folder else { return }
        try? Data(input).write(to: folder.appendingPathComponent("\(name)-current.bin"))
        try? Data("{\"seed\": \(settings.seed), \"index\": \(index), \"mutation\": \"\(mutation)\"}".utf8)
            .write(to: folder.appendingPathComponent("\(name)-current.json"))
    }

    public func record(index: Int, mutation: String, outcome: String, seconds: Double) {
        runs += 1
        outcomes[outcome, default: 0] += 1
        mutations[mutation, default: 0] += 1
        slowest.append(Slow(index: index, mutation: mutation, seconds: (seconds * 1000).rounded() / 1000, outcome: outcome))
        slowest.sort { $0.seconds > $1.seconds }
        if slowest.count > 5 { slowest.removeLast() }
    }

    /// A failure, its input saved (long runs) so it can be looked at and run again.
    public func fail(index: Int, mutation: String, reason: String, input: [UInt8]) {
        var saved: String?
        if let folder {
            let file = folder.appendingPathComponent("\(name)-failures/\(index)-\(mutation).bin")
            try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            if (try? Data(input).write(to: file)) != nil { saved = file.path }
        }
        failures.append(Failure(index: index, mutation: mutation, reason: reason, input: saved))
    }

    /// Writes `<name>.json` (long runs) and removes the input kept against a crash.
    public func finish(extra: [String: String] = [:]) {
        guard let folder else { return }
        try? FileManager.default.removeItem(at: folder.appendingPathComponent("\(name)-current.bin"))
        try? FileManager.default.removeItem(at: folder.appendingPathComponent("\(name)-current.json"))
        struct Summary: Codable {
            var name: String
            var runs: Int
            var seed: UInt64
            var start: Int
            var seconds: Double
            var outcomes: [String: Int]
            var mutations: [String: Int]
            var slowest: [Slow]
            var failures: [Failure]
            var extra: [String: String]
        }
        let summary = Summary(name: name, runs: runs, seed: settings.seed, start: settings.start,
                              seconds: (Date().timeIntervalSince(started) * 10).rounded() / 10, outcomes: outcomes,
                              mutations: mutations, slowest: slowest, failures: failures, extra: extra)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try? encoder.encode(summary).write(to: folder.appendingPathComponent("\(name).json"))
    }
}
