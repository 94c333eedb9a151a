import CGStreamer
import CGStreamerShims
import GLibKit

/// A bin holding one sink that can be replaced while the pipeline runs, without stopping what
/// flows into it: playbin's audio sink, swapped for a silent one when the sound server goes away
/// and back once it returns.
///
/// The bin's ghost pad turns what a failing or replaced sink returns (ERROR, or FLUSHING while
/// it is set to NULL mid-render) into OK: upstream, those stopped the demuxer, and with it the
/// video. A real flush (a seek, a state change of the bin) still passes.
///
/// Not Sendable: used on the thread that owns the pipeline.
public final class SwappableSink {
    /// Goes into the pipeline (playbin's `audio-sink`).
    public let bin: Element
    public private(set) var current: Element
    private let ghost: Pad

    /// `name`: the bin's, unique in the pipeline (error messages are told apart by it).
    public init(name: String, sink: Element) throws {
        let made = try Element.make("bin", name: name)
        guard made.add(sink), let target = sink.staticPad("sink"),
              let pad = lf_isolating_ghost_pad_new(made.element, "sink", target.handle.typed(GstPad.self)) else {
            throw GStreamerError.invalidDescription("\(name): a sink with a sink pad")
        }
        bin = made
        current = sink
        // The bin took the floating reference; keep one of our own.
        ghost = Pad(handle: GObjectHandle(retaining: UnsafeMutableRawPointer(pad)))
    }

    /// Puts `sink` in the place of the current one, at the bin's state. `sink` should not
    /// preroll (async off), or the running pipeline would wait for it; the old one is stopped
    /// (set to NULL while locked, so the bin's state changes no longer reach it) and dropped.
    @discardableResult
    public func replace(with sink: Element) -> Bool {
        let old = current
        gst_element_set_locked_state(old.element, 1)
        old.setState(.null)
        guard bin.add(sink), let target = sink.staticPad("sink") else { return false }
        _ = gst_ghost_pad_set_target(ghost.handle.typed(GstGhostPad.self), target.handle.typed(GstPad.self))
        bin.remove(old)
        sink.syncStateWithParent()
        current = sink
        return true
    }

    /// Turns off prerolling in `element` and every sink inside it.
    public static func stopPrerolling(_ element: Element) {
        lf_sinks_set_async(element.element, 0)
    }
}
