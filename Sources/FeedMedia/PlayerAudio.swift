import GStreamerKit

/// A player's sound output, on its player thread: playbin's audio sink inside a bin of our own
/// (`SwappableSink`), so a sink that fails (the sound server went away) is swapped for a silent
/// one that keeps time (`fakesink sync=true`) while the video plays on, and a real sink is put
/// back once the server answers again, with no seek: the position and the loop go on as they were.
final class PlayerAudio {
    /// The bin's name: errors from inside it are the sound's, never the video's.
    static let binName = "lf-audio"

    let sink: SwappableSink
    /// The sink description asked for ("" or nil: autoaudiosink, as playbin's own default).
    private let description: String?
    /// The silent sink plays in place of the real one.
    private(set) var isSilent = false
    /// The server answered at the last retry (a real sink goes back at the second answer).
    private var answeredLastTime = false

    /// Whether the sound server answers (the runtime's probe).
    private let serverAnswers: @Sendable () -> Bool

    init(description: String?, serverAnswers: @escaping @Sendable () -> Bool) throws {
        self.description = description
        self.serverAnswers = serverAnswers
        sink = try SwappableSink(name: Self.binName, sink: try Self.makeRealSink(description))
    }

    private static func makeRealSink(_ description: String?) throws -> Element {
        if let description, !description.isEmpty { return try Element.bin(description: description) }
        return try Element.make("autoaudiosink")
    }

    /// Swaps the real sink for a silent one; false when already silent (or one can't be made).
    func goSilent() -> Bool {
        guard !isSilent, let silent = try? Element.make("fakesink", name: "lf-audio-silent") else { return false }
        silent.set("sync", "true")
        silent.set("async", "false")
        sink.replace(with: silent)
        isSilent = true
        answeredLastTime = false
        return true
    }

    /// Whether the sound server answers, as the runtime asks it.
    func soundServerAnswers() -> Bool { serverAnswers() }

    /// Whether PulseAudio answers (a runtime's probe unless a test stands in): a pulsesink
    /// reaches READY only once it has connected (a refused or missing socket fails in about a
    /// millisecond). Without the PulseAudio plugin there is nothing to ask, and the real sink's
    /// own READY is the test.
    @Sendable
    static func pulseAnswers() -> Bool {
        guard let probe = try? Element.make("pulsesink") else { return true }
        defer { probe.setState(.null) }
        return probe.setState(.ready) != .failure
    }

    /// Puts a real sink back when the server has answered at two retries in a row and the sink
    /// reaches READY; true when it did.
    /// (autoaudiosink alone would not do as the test: with PulseAudio gone it settles for another
    /// sink that opens, OpenAL's here, and stays silent for good.)
    func restore() -> Bool {
        guard isSilent else { return false }
        guard serverAnswers() else {
            answeredLastTime = false
            return false
        }
        // PulseAudio coming back answers on its socket before it has loaded its sinks, and a sink
        // put in then could refuse the stream's format past what the bin isolates (the demuxer
        // stopped the whole video: a false "damaged" card, now and then). So the server must have
        // answered at the retry before this one too: two seconds for its sinks to come up.
        guard answeredLastTime else {
            answeredLastTime = true
            return false
        }
        answeredLastTime = false
        guard let real = try? Self.makeRealSink(description) else { return false }
        guard real.setState(.ready) != .failure else {
            real.setState(.null)
            return false
        }
        // Into a running pipeline: a sink waiting for its preroll would pause everything.
        SwappableSink.stopPrerolling(real)
        guard sink.replace(with: real) else { return false }
        isSilent = false
        return true
    }
}
