import CGStreamer
import CGStreamerShims
public import GLibKit
import Synchronization

/// A top-level pipeline (or playbin) with its bus watched on the main loop or a player thread.
/// Not Sendable, as no Element is; its own state, the bus watch, is behind a lock, so whichever
/// thread lets the pipeline go can remove it.
public final class Pipeline: Element {
    private let watch = BusWatchSlot()

    public static func makePipeline(_ factory: String = "pipeline", name: String? = nil) throws(GStreamerError) -> Pipeline {
        let element = try Element.make(factory, name: name)
        return Pipeline(handle: element.handle)
    }

    /// Parses a gst-launch description into a pipeline.
    public static func parse(_ description: String) throws -> Pipeline {
        let element = try GLibError.check { error in gst_parse_launch(description, error) }
        guard let element else { throw GStreamerError.invalidDescription(description) }
        return Pipeline(handle: GObjectHandle(adopting: UnsafeMutableRawPointer(element)))
    }

    /// Delivers bus messages to `handler` on the thread running the default main context.
    /// One watch per pipeline; the closure is released when the watch is removed.
    @MainActor
    public func watchBus(_ handler: @escaping @MainActor (BusMessage) -> Void) {
        removeBusWatch()
        guard let bus = gst_element_get_bus(element) else { return }
        watch.set(.main(bus: UInt(bitPattern: bus))) // transfer full: released in removeBusWatch
        let context = CallbackBox<@MainActor (BusMessage) -> Void>(handler)
        let pipelinePointer = handle.raw
        let state = BusWatchState(handler: context, pipeline: pipelinePointer)
        gst_bus_add_watch_full(bus, 0, { _, message, data in
            guard let message, let data else { return 1 }
            let state = Unmanaged<BusWatchState>.fromOpaque(data).takeUnretainedValue()
            let decoded = BusMessage(message, pipeline: state.pipeline)
            MainActor.assumeIsolated { state.handler.handler(decoded) }
            return 1
        }, Unmanaged.passRetained(state).toOpaque(), releaseBusWatchState)
    }

    /// Delivers bus messages to `handler` on `thread`, one at a time, in order: what the handler
    /// does (seeks, state changes) may block that thread but never the window's. One watch per
    /// pipeline, as with `watchBus(_:)`; call `removeBusWatch()` from `thread`.
    public func watchBus(on thread: ContextThread, _ handler: @escaping @Sendable (BusMessage) -> Void) {
        removeBusWatch()
        guard let bus = gst_element_get_bus(element) else { return }
        defer { gst_object_unref(UnsafeMutableRawPointer(bus)) }
        let state = ThreadBusWatchState(handler: handler, pipeline: handle.raw)
        let source = lf_bus_watch_attach(bus, thread.context, { _, message, data in
            guard let message, let data else { return 1 }
            let state = Unmanaged<ThreadBusWatchState>.fromOpaque(data).takeUnretainedValue()
            state.handler(BusMessage(message, pipeline: state.pipeline))
            return 1
        }, Unmanaged.passRetained(state).toOpaque(), { data in
            guard let data else { return }
            Unmanaged<ThreadBusWatchState>.fromOpaque(data).release()
        })
        if let source { watch.set(.thread(source: UInt(bitPattern: source))) }
    }

    /// Blocks until end of stream or an error, or until the timeout (nil then). For worker
    /// threads only: never call this on the main thread.
    public func waitForEndOrError(timeoutSeconds: Double) -> BusMessage? {
        waitFor(GST_MESSAGE_EOS.rawValue | GST_MESSAGE_ERROR.rawValue, timeoutSeconds: timeoutSeconds)
    }

    /// Pops the first bus message of `types` (a GstMessageType mask) within the timeout.
    package func waitFor(_ types: Int32, timeoutSeconds: Double) -> BusMessage? {
        guard let bus = gst_element_get_bus(element) else { return nil }
        defer { gst_object_unref(UnsafeMutableRawPointer(bus)) }
        let types = GstMessageType(rawValue: types)
        let timeout = GstClockTime(timeoutSeconds * Double(GStreamer.nanosecondsPerSecond))
        guard let message = gst_bus_timed_pop_filtered(bus, timeout, types) else { return nil }
        defer { gst_message_unref(message) }
        return BusMessage(message, pipeline: handle.raw)
    }

    /// Drops every message still waiting on the bus (those of a stream being replaced: an
    /// ASYNC_DONE of the last clip's seek must not be read as the new clip's preroll).
    public func discardPendingMessages() {
        guard let bus = gst_element_get_bus(element) else { return }
        defer { gst_object_unref(UnsafeMutableRawPointer(bus)) }
        gst_bus_set_flushing(bus, 1)
        gst_bus_set_flushing(bus, 0)
    }

    /// Stops watching; from any thread (GLib's source and bus calls used here are thread-safe).
    public func removeBusWatch() {
        switch watch.take() {
        case .none:
            break
        case .main(let address):
            guard let bus = UnsafeMutablePointer<GstBus>(bitPattern: address) else { return }
            gst_bus_remove_watch(bus)
            gst_object_unref(bus)
        case .thread(let address):
            guard let source = UnsafeMutablePointer<GSource>(bitPattern: address) else { return }
            g_source_destroy(source)
            g_source_unref(source)
        }
    }

    deinit {
        removeBusWatch()
        gst_element_set_state(element, GST_STATE_NULL)
    }
}

/// The watch's destroy-notify. Not a closure written inside the main-actor `watchBus`, which
/// Swift would check for the main thread: the watch goes with the pipeline, and the last
/// reference to a pipeline may be dropped on a worker (a camera stopped off the main loop).
private func releaseBusWatchState(_ data: UnsafeMutableRawPointer?) {
    guard let data else { return }
    Unmanaged<BusWatchState>.fromOpaque(data).release()
}

private final class BusWatchState {
    let handler: CallbackBox<@MainActor (BusMessage) -> Void>
    /// Held without a reference: compared with a message's source, never followed.
    let pipeline: UnsafeMutableRawPointer
    init(handler: CallbackBox<@MainActor (BusMessage) -> Void>, pipeline: UnsafeMutableRawPointer) {
        self.handler = handler
        self.pipeline = pipeline
    }
}

private final class ThreadBusWatchState {
    // Reaches C as a raw pointer; the pipeline pointer is compared with messages, never followed.
    let handler: @Sendable (BusMessage) -> Void
    let pipeline: UnsafeMutableRawPointer
    init(handler: @escaping @Sendable (BusMessage) -> Void, pipeline: UnsafeMutableRawPointer) {
        self.handler = handler
        self.pipeline = pipeline
    }
}

/// Which watch a pipeline has, as addresses under a lock: set on the thread that starts
/// watching, taken by whichever thread stops (the owner, or the one dropping the last reference).
private final class BusWatchSlot: Sendable {
    enum Watch: Sendable {
        case none
        /// A watch on the default main context: the bus it was added to (a reference we own).
        case main(bus: UInt)
        /// A source on a player thread's context (a reference we own).
        case thread(source: UInt)
    }

    private let current = Mutex<Watch>(.none)

    func set(_ watch: Watch) { current.withLock { $0 = watch } }

    func take() -> Watch {
        current.withLock { watch in
            defer { watch = .none }
            return watch
        }
    }
}
