import CGStreamer
import CGStreamerShims
import GLibKit
import Synchronization

/// What a `RandomAccessFeed`'s reader gives back.
public enum FeedRead: Sendable {
    case bytes([UInt8])
    case end
    /// The bytes will not come: the words go into the stream's error message.
    case failed(String)
    /// The read gave up because the feed was flushed or closed.
    case cancelled
}

/// Feeds an `appsrc` (playbin's source for `appsrc://`) in random-access mode from a reader that
/// may block until the bytes exist: a file that is still downloading. Demuxers pull from it as
/// from a local file, so a server's support for byte ranges never matters to playback.
///
/// The reader runs on the source's streaming thread. A flush (a seek) or `close()` makes its
/// `isCancelled` true and calls `wake`, so a blocked read returns and the seek or state change
/// it would hold up goes on.
public final class RandomAccessFeed: Sendable {
    public typealias Reader = @Sendable (_ offset: Int64, _ length: Int,
                                         _ isCancelled: @escaping @Sendable () -> Bool) -> FeedRead

    private struct State {
        var offset: Int64 = 0
        var flushing = false
        var closed = false
        /// A read is waiting in the reader now (on the streaming thread).
        var reading = false
    }

    private let length: Int64
    private let reader: Reader
    private let wake: @Sendable () -> Void
    private let state = Mutex(State())
    /// The appsrc fed, weakly (it holds this feed).
    private let source = Mutex<GWeakReference?>(nil)

    public init(length: Int64, reader: @escaping Reader, wake: @escaping @Sendable () -> Void) {
        self.length = length
        self.reader = reader
        self.wake = wake
    }

    /// Stops feeding for good (the player loads something else): blocked reads return, and the
    /// source is flushed, so a state change waiting on it (a demuxer's pull) goes on. A flush,
    /// not end-of-stream: told "end", the demuxer and type-finder of the stream that is going
    /// post errors, which could reach the next clip.
    public func close() {
        let reading = state.withLock { state in
            state.closed = true
            return state.reading
        }
        wake()
        // Only a pull waiting for bytes would hold up the state change; flushing a stream that
        // is not waiting only disturbs it (its type-finder then restarts the source past READY).
        if reading { flushSource() }
    }

    /// Wakes an appsrc waiting for a buffer that will not come: its read returns "flushing".
    private func flushSource() {
        guard let weak = source.withLock({ $0 }), let object = weak.strong() else { return }
        defer { g_object_unref(object) }
        // Left flushing: the state change that follows (to READY) ends it. Flushing, every pull
        // returns at once without data and no element posts an error for a stream that is going.
        _ = gst_element_send_event(object.assumingMemoryBound(to: GstElement.self), gst_event_new_flush_start())
    }

    /// Configures `source` and starts answering it; false when it is not an appsrc.
    @discardableResult
    public func attach(to source: Element) -> Bool {
        guard source.factoryName == "appsrc", let pad = source.staticPad("src") else { return false }
        self.source.withLock { $0 = GWeakReference(source.handle.raw) }
        // Bytes is appsrc's format already; setting it again on a source past READY is a critical.
        source.set("stream-type", "random-access")
        source.set("size", "\(length)")
        var callbacks = GstAppSrcCallbacks()
        callbacks.need_data = { appsrc, length, data in
            guard let appsrc, let data else { return }
            Unmanaged<RandomAccessFeed>.fromOpaque(data).takeUnretainedValue().needData(appsrc, Int(length))
        }
        callbacks.seek_data = { _, offset, data in
            guard let data else { return 0 }
            Unmanaged<RandomAccessFeed>.fromOpaque(data).takeUnretainedValue().state.withLock { $0.offset = Int64(offset) }
            return 1
        }
        gst_app_src_set_callbacks(source.handle.typed(GstAppSrc.self), &callbacks, Unmanaged.passRetained(self).toOpaque(), { data in
            guard let data else { return }
            Unmanaged<RandomAccessFeed>.fromOpaque(data).release()
        })
        watchFlush(pad, GST_EVENT_FLUSH_START, flushing: true)
        watchFlush(pad, GST_EVENT_FLUSH_STOP, flushing: false)
        return true
    }

    private func watchFlush(_ pad: Pad, _ type: GstEventType, flushing: Bool) {
        let handler: @Sendable () -> Void = { [weak self] in
            guard let self else { return }
            state.withLock { $0.flushing = flushing }
            if flushing { wake() }
        }
        let box = CallbackBox(handler)
        lf_pad_add_upstream_event_probe(pad.handle.typed(GstPad.self), type, { data in
            guard let data else { return }
            CallbackBox<@Sendable () -> Void>.from(data)()
        }, box.retainedPointer(), { data in
            guard let data else { return }
            AnyCallbackBox.release(data)
        })
    }

    private var isCancelled: @Sendable () -> Bool {
        { [weak self] in self?.state.withLock { $0.flushing || $0.closed } ?? true }
    }

    private func needData(_ appsrc: UnsafeMutablePointer<GstAppSrc>, _ wanted: Int) {
        let (offset, closed) = state.withLock { ($0.offset, $0.closed) }
        // Closed: nothing will come, and appsrc would wait for it; flushed, it returns at once.
        if closed { return flushSource() }
        let want = offset >= length ? 0 : Int(min(Int64(wanted), length - offset))
        guard want > 0 else {
            gst_app_src_end_of_stream(appsrc)
            return
        }
        state.withLock { $0.reading = true }
        let read = reader(offset, want, isCancelled)
        state.withLock { $0.reading = false }
        switch read {
        case .bytes(let bytes):
            guard !bytes.isEmpty, let buffer = gst_buffer_new_allocate(nil, gsize(bytes.count), nil) else {
                gst_app_src_end_of_stream(appsrc)
                return
            }
            _ = bytes.withUnsafeBytes { gst_buffer_fill(buffer, 0, $0.baseAddress, gsize(bytes.count)) }
            buffer.pointee.offset = guint64(offset)
            state.withLock { $0.offset = offset + Int64(bytes.count) }
            _ = gst_app_src_push_buffer(appsrc, buffer)
        case .end:
            gst_app_src_end_of_stream(appsrc)
        case .failed(let reason):
            let element = UnsafeMutableRawPointer(appsrc).assumingMemoryBound(to: GstElement.self)
            let error = g_error_new_literal(gst_resource_error_quark(), Int32(GST_RESOURCE_ERROR_READ.rawValue), reason)
            let message = gst_message_new_error(UnsafeMutableRawPointer(appsrc).assumingMemoryBound(to: GstObject.self),
                                                error, reason)
            g_error_free(error)
            if let message { _ = gst_element_post_message(element, message) }
            // Nothing more will come: a pull waiting inside a state change must not hang on it.
            gst_app_src_end_of_stream(appsrc)
        case .cancelled:
            // Flushed: the flush that cancelled us (a seek's) ends appsrc's wait for a buffer.
            // Closed: end it with one of our own.
            if state.withLock({ $0.closed }) { flushSource() }
        }
    }
}
