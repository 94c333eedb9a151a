import CGStreamer
import GLibKit
import GStreamerKit
import TestSupport
import XCTest

final class PipelineTests: XCTestCase {
    override func setUp() {
        super.setUp()
        MainActor.assumeIsolated { GStreamer.initialize() }
    }

    func testBusWatchDecodesStateChangesAndEndOfStream() throws {
        try onMain {
            let pipeline = try Pipeline.parse("fakesrc num-buffers=5 ! fakesink")
            let messages = Locked<[BusMessage]>([])
            pipeline.watchBus { message in messages.mutate { $0.append(message) } }
            XCTAssertNotEqual(pipeline.setState(.playing), .failure)
            XCTAssertTrue(MainLoop.run(until: { messages.value.contains(.endOfStream) }, timeoutSeconds: 5),
                          "no EOS; saw \(messages.value)")
            let seen = messages.value
            XCTAssertTrue(seen.contains(.stateChanged(from: .paused, to: .playing, isTopLevel: true)), "\(seen)")
            XCTAssertTrue(seen.contains(.stateChanged(from: .null, to: .ready, isTopLevel: true)), "\(seen)")
            XCTAssertTrue(seen.contains { if case .stateChanged(_, _, false) = $0 { true } else { false } },
                          "children's state changes must not be marked top-level")
            XCTAssertTrue(seen.contains(.streamStart))
            XCTAssertTrue(seen.contains(.asyncDone))
            let eosIndex = seen.firstIndex(of: .endOfStream)!
            let playingIndex = seen.firstIndex(of: .stateChanged(from: .paused, to: .playing, isTopLevel: true))!
            XCTAssertLessThan(playingIndex, eosIndex)
            XCTAssertEqual(pipeline.currentState, .playing)
            pipeline.setState(.null)
            XCTAssertEqual(pipeline.currentState, .null)
        }
    }

    func testPluginsLoadedAheadAreInTheProcessAndAnUnknownOneIsSkipped() {
        let loaded = expectation(description: "loaded")
        let found = Locked(-1)
        GStreamer.loadAhead(plugins: ["no-such-plugin-loopfeed", "isomp4"]) { count in
            found.mutate { $0 = count }
            loaded.fulfill()
        }
        wait(for: [loaded], timeout: 10)
        XCTAssertEqual(found.value, 1)
        let plugin = gst_registry_find_plugin(gst_registry_get(), "isomp4")
        XCTAssertNotNil(plugin)
        XCTAssertNotEqual(plugin.map { gst_plugin_is_loaded($0) } ?? 0, 0)
        if let plugin { gst_object_unref(UnsafeMutableRawPointer(plugin)) }
    }

    func testMissingFileIsANotFoundError() throws {
        try onMain {
            let pipeline = try Pipeline.parse("filesrc name=src location=/nonexistent-loopfeed/file.mp4 ! fakesink")
            let messages = Locked<[BusMessage]>([])
            pipeline.watchBus { message in messages.mutate { $0.append(message) } }
            XCTAssertEqual(pipeline.setState(.paused), .failure)
            let found = MainLoop.run(until: {
                messages.value.contains { if case .error = $0 { true } else { false } }
            }, timeoutSeconds: 5)
            XCTAssertTrue(found, "no error posted; saw \(messages.value)")
            guard case .error(let error, let source, _)? = messages.value.first(where: { if case .error = $0 { true } else { false } }) else { return }
            XCTAssertEqual(source, "src")
            guard case .stream(let kind, let message, let debug) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(kind, .notFound)
            XCTAssertFalse(message.isEmpty)
            XCTAssertTrue(debug.contains("/nonexistent-loopfeed/file.mp4") || message.contains("/nonexistent-loopfeed/file.mp4"),
                          "message: \(message) debug: \(debug)")
            XCTAssertEqual(error.description, message)
            pipeline.setState(.null)
        }
    }

    func testUndecodableDataIsACorruptError() throws {
        try onMain {
            // typefind cannot identify 4 KiB of zeros: a STREAM error, shown as "damaged".
            let pipeline = try Pipeline.parse("fakesrc num-buffers=4 sizetype=fixed sizemax=1024 filltype=zero ! typefind ! fakesink")
            let messages = Locked<[BusMessage]>([])
            pipeline.watchBus { message in messages.mutate { $0.append(message) } }
            pipeline.setState(.playing)
            XCTAssertTrue(MainLoop.run(until: {
                messages.value.contains { if case .error = $0 { true } else { false } }
            }, timeoutSeconds: 5), "saw \(messages.value)")
            if case .error(.stream(let kind, _, _), _, _)? = messages.value.first(where: { if case .error = $0 { true } else { false } }) {
                XCTAssertEqual(kind, .corrupt)
            } else {
                XCTFail("expected a stream error")
            }
            pipeline.setState(.null)
        }
    }

    func testRemoveBusWatchReleasesTheHandlerBox() throws {
        try onMain {
            let pipeline = try Pipeline.parse("fakesrc num-buffers=1 ! fakesink")
            let counter = DeinitCounter()
            do {
                let sentinel = Sentinel(counter)
                pipeline.watchBus { _ in sentinel.touch() }
            }
            XCTAssertEqual(counter.value, 0)
            pipeline.removeBusWatch()
            XCTAssertEqual(counter.value, 1, "removeBusWatch must release the handler")
            pipeline.removeBusWatch() // idempotent
        }
    }

    func testWatchingAgainReplacesTheHandler() throws {
        try onMain {
            let pipeline = try Pipeline.parse("fakesrc num-buffers=3 ! fakesink")
            let counter = DeinitCounter()
            let first = Locked(0), second = Locked(0)
            do {
                let sentinel = Sentinel(counter)
                pipeline.watchBus { _ in sentinel.touch(); first.mutate { $0 += 1 } }
            }
            pipeline.watchBus { message in if message == .endOfStream { second.mutate { $0 += 1 } } }
            XCTAssertEqual(counter.value, 1, "the replaced handler must be released")
            pipeline.setState(.playing)
            XCTAssertTrue(MainLoop.run(until: { second.value == 1 }, timeoutSeconds: 5))
            XCTAssertEqual(first.value, 0)
            pipeline.setState(.null)
        }
    }

    func testDroppedPipelineLeavesNoPipelineBusOrHandlerBehind() throws {
        try onMain {
            var pipeline: Pipeline? = try Pipeline.parse("fakesrc num-buffers=5 ! fakesink")
            let weakPipeline = GWeakReference(pipeline!.handle.raw)
            let bus = gst_element_get_bus(pipeline!.handle.typed(GstElement.self))!
            let weakBus = GWeakReference(UnsafeMutableRawPointer(bus))
            gst_object_unref(UnsafeMutableRawPointer(bus))
            let counter = DeinitCounter()
            let eos = Locked(false)
            do {
                let sentinel = Sentinel(counter)
                pipeline!.watchBus { message in
                    sentinel.touch()
                    if message == .endOfStream { eos.value = true }
                }
            }
            pipeline!.setState(.playing)
            XCTAssertTrue(MainLoop.run(until: { eos.value }, timeoutSeconds: 5))
            pipeline = nil
            XCTAssertFalse(weakPipeline.isAlive, "the pipeline leaked")
            XCTAssertFalse(weakBus.isAlive, "the bus leaked (a file descriptor per pipeline)")
            XCTAssertEqual(counter.value, 1, "the bus handler leaked")
        }
    }

    func testDroppingAPlayingPipelineWithUnreadMessagesFreesIt() throws {
        try onMain {
            // No main-loop iteration at all: messages stay queued on the bus until teardown.
            var pipeline: Pipeline? = try Pipeline.parse("fakesrc num-buffers=50 ! queue ! fakesink sync=true")
            let weakPipeline = GWeakReference(pipeline!.handle.raw)
            pipeline!.watchBus { _ in }
            pipeline!.setState(.playing)
            g_usleep(50_000)
            pipeline = nil
            XCTAssertFalse(weakPipeline.isAlive)
        }
    }

    func testMakeUnknownElementThrowsMissingElement() {
        XCTAssertThrowsError(try Element.make("no-such-factory-loopfeed")) { error in
            XCTAssertEqual(error as? GStreamerError, .missingElement("no-such-factory-loopfeed"))
        }
        XCTAssertFalse(GStreamer.hasElement("no-such-factory-loopfeed"))
        XCTAssertTrue(GStreamer.hasElement("fakesink"))
    }

    func testInvalidCapsThrows() throws {
        let filter = try Element.make("capsfilter")
        XCTAssertThrowsError(try filter.set("caps", caps: "not caps at all ((")) { error in
            XCTAssertEqual(error as? GStreamerError, .invalidCaps("not caps at all (("))
        }
        XCTAssertNoThrow(try filter.set("caps", caps: "video/x-raw,width=2,height=2"))
    }

    func testChildAndStaticPadReferencesAreBalanced() throws {
        let pipeline = try Pipeline.parse("fakesrc name=a ! fakesink name=b")
        let child = try XCTUnwrap(pipeline.child(named: "b"))
        XCTAssertNil(pipeline.child(named: "nope"))
        XCTAssertEqual(child.name, "b")
        let before = child.handle.referenceCount
        do {
            let again = pipeline.child(named: "b")
            XCTAssertEqual(again?.handle, child.handle)
            XCTAssertEqual(child.handle.referenceCount, before + 1)
        }
        XCTAssertEqual(child.handle.referenceCount, before)
        let pad = try XCTUnwrap(child.staticPad("sink"))
        XCTAssertEqual(pad.handle.typeName, "GstPad")
        let padRefs = pad.handle.referenceCount
        do { _ = child.staticPad("sink") }
        XCTAssertEqual(pad.handle.referenceCount, padRefs)
        XCTAssertNil(child.staticPad("src"))
    }
}

final class AppSinkAndPadTests: XCTestCase {
    override func setUp() {
        super.setUp()
        MainActor.assumeIsolated { GStreamer.initialize() }
    }

    private struct Seen: Sendable {
        var played: [(width: Int, height: Int, pts: UInt64?, duration: UInt64?)] = []
        var prerolled: [(width: Int, height: Int, pts: UInt64?)] = []
    }

    func testAppSinkDeliversFramesAndReleasesItsHandlerWithThePipeline() throws {
        try onMain {
            var pipeline: Pipeline? = try Pipeline.parse(
                "videotestsrc num-buffers=3 ! video/x-raw,format=BGRA,width=64,height=48,framerate=30/1 ! appsink name=s")
            var sink: Element? = try XCTUnwrap(pipeline!.child(named: "s"))
            let weakSink = GWeakReference(sink!.handle.raw)
            let weakPipeline = GWeakReference(pipeline!.handle.raw)
            let seen = Locked(Seen())
            let counter = DeinitCounter()
            do {
                let sentinel = Sentinel(counter)
                sink!.onVideoFrame { frame, isPreroll in
                    sentinel.touch()
                    seen.mutate {
                        if isPreroll {
                            $0.prerolled.append((frame.width, frame.height, frame.presentationTime))
                        } else {
                            $0.played.append((frame.width, frame.height, frame.presentationTime, frame.durationNanoseconds))
                        }
                    }
                }
            }
            let eos = Locked(false)
            pipeline!.watchBus { if $0 == .endOfStream { eos.value = true } }
            pipeline!.setState(.playing)
            XCTAssertTrue(MainLoop.run(until: { eos.value }, timeoutSeconds: 5))

            let result = seen.value
            XCTAssertEqual(result.played.count, 3)
            XCTAssertEqual(result.prerolled.count, 1)
            XCTAssertEqual(result.prerolled.first?.pts, 0)
            for frame in result.played {
                XCTAssertEqual(frame.width, 64)
                XCTAssertEqual(frame.height, 48)
                XCTAssertNotNil(frame.pts)
                XCTAssertEqual(Double(frame.duration ?? 0), 33_333_333, accuracy: 1_000)
            }
            let pts = result.played.compactMap(\.pts)
            XCTAssertEqual(pts.first, 0)
            XCTAssertEqual(pts, pts.sorted())
            XCTAssertEqual(Set(pts).count, pts.count, "PTS must strictly increase: \(pts)")

            XCTAssertEqual(counter.value, 0)
            pipeline = nil
            XCTAssertTrue(weakSink.isAlive, "our Element wrapper still holds the appsink")
            sink = nil
            XCTAssertFalse(weakPipeline.isAlive)
            XCTAssertFalse(weakSink.isAlive)
            XCTAssertEqual(counter.value, 1, "the frame handler box leaked")
        }
    }

    func testPadOnCapsReportsTheNegotiatedSize() throws {
        try onMain {
            let pipeline = try Pipeline.parse(
                "videotestsrc num-buffers=1 ! video/x-raw,format=BGRA,width=64,height=48 ! appsink name=s")
            let sink = try XCTUnwrap(pipeline.child(named: "s"))
            let pad = try XCTUnwrap(sink.staticPad("sink"))
            let sizes = Locked<[[Int]]>([])
            pad.onCaps { width, height in sizes.mutate { $0.append([width, height]) } }
            XCTAssertNotEqual(pipeline.setState(.paused), .failure)
            XCTAssertTrue(MainLoop.run(until: { !sizes.value.isEmpty && pipeline.currentState == .paused }, timeoutSeconds: 5))
            XCTAssertEqual(sizes.value, [[64, 48]])
            pipeline.setState(.null)
        }
    }

    func testPadOnCapsReportsTheDisplaySizeForNonSquarePixels() throws {
        try onMain {
            let pipeline = try Pipeline.parse(
                "videotestsrc num-buffers=1 ! video/x-raw,format=BGRA,width=64,height=48,pixel-aspect-ratio=2/1 ! appsink name=s")
            let pad = try XCTUnwrap(pipeline.child(named: "s")?.staticPad("sink"))
            let sizes = Locked<[[Int]]>([])
            pad.onCaps { width, height in sizes.mutate { $0.append([width, height]) } }
            pipeline.setState(.paused)
            XCTAssertTrue(MainLoop.run(until: { !sizes.value.isEmpty }, timeoutSeconds: 5))
            XCTAssertEqual(sizes.value.first, [128, 48])
            pipeline.setState(.null)
        }
    }

    func testRemovingACapsProbeReleasesItsBoxAndStopsReports() throws {
        try onMain {
            let pipeline = try Pipeline.parse(
                "videotestsrc num-buffers=1 ! video/x-raw,format=BGRA,width=32,height=16 ! appsink name=s")
            let pad = try XCTUnwrap(pipeline.child(named: "s")?.staticPad("sink"))
            let counter = DeinitCounter()
            let reports = Locked(0)
            let id: UInt
            do {
                let sentinel = Sentinel(counter)
                id = pad.onCaps { _, _ in sentinel.touch(); reports.mutate { $0 += 1 } }
            }
            XCTAssertGreaterThan(id, 0)
            pad.removeProbe(id)
            XCTAssertEqual(counter.value, 1, "removeProbe must release the handler box")
            pipeline.setState(.paused)
            spinMainLoop(seconds: 0.1)
            XCTAssertEqual(reports.value, 0)
            pipeline.setState(.null)
        }
    }

    func testCapsProbeBoxIsReleasedWhenThePadDies() throws {
        try onMain {
            var pipeline: Pipeline? = try Pipeline.parse("fakesrc ! fakesink name=s")
            var pad: Pad? = try XCTUnwrap(pipeline!.child(named: "s")?.staticPad("sink"))
            let counter = DeinitCounter()
            do {
                let sentinel = Sentinel(counter)
                pad!.onCaps { _, _ in sentinel.touch() }
            }
            let weakPad = GWeakReference(pad!.handle.raw)
            pad = nil
            pipeline = nil
            XCTAssertFalse(weakPad.isAlive)
            XCTAssertEqual(counter.value, 1)
        }
    }
}
