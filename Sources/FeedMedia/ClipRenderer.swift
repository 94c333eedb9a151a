public import FeedCore
public import Foundation
import GLibKit
import GStreamerKit
import Localization
import Synchronization

/// Renders a clip and its `ClipEdit` into a new MP4 (H.264 Main + AAC) on a worker queue:
/// written to `<output>.part` and renamed, so a half-written file is never posted. Progress
/// and the result arrive on the main thread. One render per instance.
public final class ClipRenderer: Sendable {
    public let source: URL
    public let edit: ClipEdit
    public let output: URL
    private let ticket: WorkTicket
    private let queue = DispatchQueue(label: "io.github.loopfeed.clip-renderer", qos: .userInitiated)

    /// Cancelling `ticket` stops the render, as `cancel()` does.
    public init(source: URL, edit: ClipEdit, output: URL, ticket: WorkTicket = WorkTicket()) {
        self.ticket = ticket
        self.source = source
        self.edit = edit
        self.output = output
    }

    public var partURL: URL { output.appendingPathExtension("part") }

    /// `progress` (0...1) comes at most ten times a second, one pending update at a time;
    /// `completion` once, after the last progress.
    public func start(progress: @escaping @Sendable @MainActor (Double) -> Void,
                      completion: @escaping @Sendable @MainActor (Result<URL, ClipRenderError>) -> Void) {
        let mailbox = ProgressMailbox()
        queue.async { [self] in
            let result = renderNow { fraction in
                // Coalesced: while an update waits for the main loop, newer values replace it.
                guard mailbox.post(fraction) else { return }
                MainLoop.invoke { progress(mailbox.take()) }
            }
            MainLoop.invoke { completion(result) }
        }
    }

    /// Stops the pipeline at its next poll (within ~100 ms); the render then fails with
    /// `.cancelled` and leaves no file behind.
    public func cancel() {
        ticket.cancel()
    }

    /// The whole render on the calling thread (a worker's; tests call it directly).
    public func renderNow(progress: @escaping (Double) -> Void = { _ in }) -> Result<URL, ClipRenderError> {
        let stage = output.deletingLastPathComponent()
            .appendingPathComponent(".\(output.lastPathComponent).stage.mp4")
        defer {
            try? FileManager.default.removeItem(at: partURL)
            try? FileManager.default.removeItem(at: stage)
        }
        let result = render(stage: stage, progress: progress)
        if case .success = result {
            do {
                try? FileManager.default.removeItem(at: output)
                try FileManager.default.moveItem(at: partURL, to: output)
            } catch {
                return .failure(.from(fileError: error))
            }
            return .success(output)
        }
        return result.map { _ in output }
    }

    private func render(stage: URL, progress: @escaping (Double) -> Void) -> Result<Void, ClipRenderError> {
        GStreamer.initialize()
        let probe: ClipProbe
        do {
            probe = try ClipProbe.probe(source)
        } catch {
            return .failure(.unreadableSource("\(error)"))
        }
        // TRANSLATORS: why a clip can't be read, shown in “The clip can’t be read (…)”.
        guard probe.size != nil else { return .failure(.unreadableSource(tr("it has no video"))) }
        let valid: ClipEdit
        do {
            valid = try edit.validated(sourceSeconds: probe.durationSeconds)
        } catch {
            return .failure(.invalidEdit(error))
        }
        if let sound = valid.sound {
            let probed = try? ClipProbe.probe(sound.file)
            guard let probed, probed.hasAudio else {
                return .failure(.unreadableSound(file: sound.file.lastPathComponent,
                                                 detail: probed == nil ? "not readable" : "no sound in it"))
            }
        }
        // Fails early (and clearly) on a folder that can't be written.
        guard FileManager.default.createFile(atPath: partURL.path, contents: nil) else {
            let reason = errno == ENOSPC ? ClipRenderError.diskFull
                : .writeFailed(tr("the folder {path} can’t be written to", ["path": output.deletingLastPathComponent().path]))
            return .failure(reason)
        }
        let graph = ClipRenderGraph(source: source, probe: probe, edit: valid)
        let timeout = max(30, graph.resultSeconds * 15)
        let range = valid.trimRange(sourceSeconds: probe.durationSeconds)
        let clipShare = graph.needsMixPass ? 0.85 : 1.0
        let isCancelled = { self.ticket.isCancelled }

        do {
            let clip = try graph.clipPass(output: graph.needsMixPass ? stage : partURL).parse()
            if let text = valid.overlayText {
                clip.child(named: ClipRenderGraph.captionElement)?.set("text", literal: ClipRenderGraph.markupEscaped(text))
            }
            let seek = SeekedRun.Seek(rate: valid.speed.rawValue, start: range.lowerBound,
                                      stop: valid.trimEnd == nil ? nil : range.upperBound)
            try SeekedRun(pipeline: clip, seek: seek, timeoutSeconds: timeout, progressSpan: range)
                .run(isCancelled: isCancelled) { progress($0 * clipShare) }.get()
            guard graph.needsMixPass else {
                progress(1)
                return .success(())
            }
            let mix = try graph.mixPass(stage: stage, output: partURL).parse()
            var mixSeek: SeekedRun.Seek?
            if let sound = valid.sound {
                // Music time t plays at running time t - offset; the stop cuts it at the end of
                // the video. The seek also reaches the stage file, which is shorter anyway.
                mix.child(named: ClipRenderGraph.soundInput)?.staticPad("src")?
                    .setRunningTimeOffset(nanoseconds: -Int64(sound.offsetSeconds * SeekedRun.nanos))
                mixSeek = SeekedRun.Seek(rate: 1, start: 0, stop: sound.offsetSeconds + graph.resultSeconds)
            }
            try SeekedRun(pipeline: mix, seek: mixSeek, timeoutSeconds: timeout, progressSpan: 0...graph.resultSeconds)
                .run(isCancelled: isCancelled) { progress(clipShare + $0 * (1 - clipShare)) }.get()
            progress(1)
            return .success(())
        } catch let error as ClipRenderError {
            return .failure(error)
        } catch {
            return .failure(.pipeline("\(error)"))
        }
    }
}

/// One slot for the newest progress value; `post` is true when no update is waiting yet.
private final class ProgressMailbox: Sendable {
    private let state = Mutex<(value: Double, waiting: Bool)>((0, false))

    func post(_ value: Double) -> Bool {
        state.withLock { state in
            state.value = value
            defer { state.waiting = true }
            return !state.waiting
        }
    }

    func take() -> Double {
        state.withLock { state in
            state.waiting = false
            return state.value
        }
    }
}
