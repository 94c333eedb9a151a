import GStreamerKit
import TestSupport
import XCTest

/// A chain of elements made into a bin without parsing: linked in order, its ends exposed, its
/// text the gst-launch description of the same bin.
final class ElementChainTests: XCTestCase {
    private let chain = ElementChain([
        .init("videoconvert", name: "convert"),
        .init("capsfilter", name: "size", [.init("caps", "video/x-raw,format=BGRA,width=32,height=24")]),
        .init("fakesink", name: "out", [.init("sync", "false")]),
    ])

    func testAChainIsAlsoItsGstLaunchText() {
        XCTAssertEqual(chain.description,
                       "videoconvert name=convert ! capsfilter name=size caps=video/x-raw,format=BGRA,width=32,height=24 "
                       + "! fakesink name=out sync=false")
    }

    func testAChainsBinCarriesAStreamToItsEndWithItsPropertiesSet() throws {
        GStreamer.initialize()
        let bin = try Element.bin(chain: chain)
        XCTAssertNotNil(bin.staticPad("sink"), "the first element's input is the bin's")
        XCTAssertNil(bin.staticPad("src"), "a chain that ends in a sink has no output")
        let pipeline = try Pipeline.makePipeline()
        let source = try Element.make("videotestsrc")
        source.set("num-buffers", "3")
        XCTAssertTrue(pipeline.add(source) && pipeline.add(bin))
        XCTAssertTrue(try XCTUnwrap(source.staticPad("src")).link(to: try XCTUnwrap(bin.staticPad("sink"))))
        let sizes = Locked<[[Int]]>([])
        _ = try XCTUnwrap(bin.child(named: "out")?.staticPad("sink")).onCaps { width, height in
            sizes.mutate { $0.append([width, height]) }
        }
        pipeline.setState(.playing)
        defer { pipeline.setState(.null) }
        XCTAssertEqual(pipeline.waitForEndOrError(timeoutSeconds: 10), .endOfStream)
        XCTAssertEqual(sizes.value, [[32, 24]], "the capsfilter's caps were set from their text")
    }

    func testAMissingFactoryIsSaid() {
        XCTAssertThrowsError(try Element.bin(chain: ElementChain([.init("no-such-element-here")]))) { error in
            XCTAssertEqual(error as? GStreamerError, .missingElement("no-such-element-here"))
        }
    }
}
