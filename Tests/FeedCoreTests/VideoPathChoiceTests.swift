import FeedCore
import XCTest

final class VideoPathChoiceTests: XCTestCase {
    private let llvmpipe = "llvmpipe (LLVM 15.0.6, 256 bits)"
    private let radeon = "AMD Radeon Graphics (renoir, LLVM 15.0.6, DRM 3.49, 6.1.0-13-amd64)"

    func testAHardwareGLGetsTheGLPathAndGTKsGLRenderer() {
        let choice = VideoPathChoice.decide(requestedPath: nil, requestedRenderer: nil, glRenderer: radeon)
        XCTAssertEqual(choice.path, .gl)
        XCTAssertEqual(choice.renderer, "gl")
        XCTAssertEqual(choice.reason, "hardware GL: \(radeon)")
    }

    func testASoftwareGLKeepsTheMemoryPathWithCairo() {
        let choice = VideoPathChoice.decide(requestedPath: nil, requestedRenderer: nil, glRenderer: llvmpipe)
        XCTAssertEqual(choice.path, .memory)
        XCTAssertEqual(choice.renderer, "cairo")
        XCTAssertEqual(choice.reason, "software GL: \(llvmpipe)")
    }

    func testNoGLIsTheMemoryPathWithGTKsOwnChoice() {
        let choice = VideoPathChoice.decide(requestedPath: nil, requestedRenderer: nil, glRenderer: nil)
        XCTAssertEqual(choice, VideoPathChoice(renderer: nil, rendererReason: "no GL", path: .memory, reason: "no GL", drawsOnCPU: true))
        let forced = VideoPathChoice.decide(requestedPath: .gl, requestedRenderer: nil, glRenderer: nil)
        XCTAssertEqual(forced.path, .memory)
        XCTAssertEqual(forced.reason, "LOOPFEED_VIDEO_PATH=gl, but no GL")
    }

    func testForcingGLOnLlvmpipeAsksForGTKsGLRenderer() {
        let choice = VideoPathChoice.decide(requestedPath: .gl, requestedRenderer: nil, glRenderer: llvmpipe)
        XCTAssertEqual(choice.path, .gl)
        XCTAssertEqual(choice.renderer, "gl", "a GL texture drawn by cairo would be read back every frame")
        XCTAssertEqual(choice.reason, "LOOPFEED_VIDEO_PATH=gl (software GL: \(llvmpipe))")
    }

    func testForcingMemoryOnAGPUKeepsGTKsChoiceOfRenderer() {
        let choice = VideoPathChoice.decide(requestedPath: .memory, requestedRenderer: nil, glRenderer: radeon)
        XCTAssertEqual(choice.path, .memory)
        XCTAssertNil(choice.renderer)
        XCTAssertEqual(choice.reason, "LOOPFEED_VIDEO_PATH=memory")
        XCTAssertEqual(VideoPathChoice.decide(requestedPath: .memory, requestedRenderer: nil, glRenderer: llvmpipe).renderer,
                       "cairo")
    }

    func testARendererSomeoneSetIsKept() {
        let cairo = VideoPathChoice.decide(requestedPath: .gl, requestedRenderer: "cairo", glRenderer: radeon)
        XCTAssertEqual(cairo.path, .memory, "GL frames need GTK's GL renderer")
        XCTAssertNil(cairo.renderer)
        XCTAssertEqual(cairo.reason, "GSK_RENDERER=cairo was set: GL frames need GTK's GL renderer")
        let gl = VideoPathChoice.decide(requestedPath: nil, requestedRenderer: "gl", glRenderer: radeon)
        XCTAssertEqual(gl.path, .gl)
        XCTAssertNil(gl.renderer, "what was set stays as it is")
        XCTAssertEqual(gl.rendererReason, "GSK_RENDERER=gl was set")
        let glOnLlvmpipe = VideoPathChoice.decide(requestedPath: nil, requestedRenderer: "opengl", glRenderer: llvmpipe)
        XCTAssertEqual(glOnLlvmpipe.path, .memory)
        XCTAssertNil(glOnLlvmpipe.renderer)
    }

    func testTheGLRendererIsAskedOnlyWhenItDecidesSomething() {
        XCTAssertTrue(VideoPathChoice.needsGLRenderer(requestedPath: nil, requestedRenderer: nil))
        XCTAssertTrue(VideoPathChoice.needsGLRenderer(requestedPath: .memory, requestedRenderer: nil), "cairo or not")
        XCTAssertTrue(VideoPathChoice.needsGLRenderer(requestedPath: nil, requestedRenderer: "gl"), "hardware or not")
        XCTAssertFalse(VideoPathChoice.needsGLRenderer(requestedPath: nil, requestedRenderer: "cairo"))
        XCTAssertFalse(VideoPathChoice.needsGLRenderer(requestedPath: .memory, requestedRenderer: "gl"))
    }

    func testAFailedGLSetUpFallsBackToTheMemoryPathsRenderer() {
        let gl = VideoPathChoice.decide(requestedPath: .gl, requestedRenderer: nil, glRenderer: llvmpipe)
        let fallback = VideoPathChoice.fallback(from: gl, problem: "no EGL display", requestedRenderer: nil, glRenderer: llvmpipe)
        XCTAssertEqual(fallback.path, .memory)
        XCTAssertEqual(fallback.renderer, "cairo")
        XCTAssertEqual(fallback.reason, "the GL path failed (no EGL display); LOOPFEED_VIDEO_PATH=gl (software GL: \(llvmpipe))")
        let onGPU = VideoPathChoice.decide(requestedPath: nil, requestedRenderer: nil, glRenderer: radeon)
        XCTAssertNil(VideoPathChoice.fallback(from: onGPU, problem: "x", requestedRenderer: nil, glRenderer: radeon).renderer)
        let memory = VideoPathChoice.decide(requestedPath: nil, requestedRenderer: nil, glRenderer: llvmpipe)
        XCTAssertEqual(VideoPathChoice.fallback(from: memory, problem: "x", requestedRenderer: nil, glRenderer: llvmpipe), memory)
    }

    func testWithoutAGPUDeviceTheMemoryPathIsChosenBeforeGTKWithNoGL() {
        let choice = VideoPathChoice.beforeGTK(requestedPath: nil, requestedRenderer: nil, gpuDevices: [])
        XCTAssertEqual(choice?.path, .memory)
        XCTAssertEqual(choice?.renderer, "cairo")
        XCTAssertEqual(choice?.disablesGL, true)
        XCTAssertEqual(choice?.drawsOnCPU, true)
    }

    func testBeforeGTKLeavesToTheProbeWhatOnlyGLCanTell() {
        XCTAssertNil(VideoPathChoice.beforeGTK(requestedPath: nil, requestedRenderer: nil, gpuDevices: ["/dev/dri/renderD128"]),
                     "a GPU device: hardware GL or llvmpipe, only GL's renderer name tells")
        XCTAssertNil(VideoPathChoice.beforeGTK(requestedPath: .gl, requestedRenderer: nil, gpuDevices: []),
                     "forcing the GL path needs GTK's GL context even without a GPU")
        XCTAssertNil(VideoPathChoice.beforeGTK(requestedPath: nil, requestedRenderer: "gl", gpuDevices: ["/dev/nvidia0"]))
    }

    func testWhatWasAskedForDecidesBeforeGTK() {
        let memory = VideoPathChoice.beforeGTK(requestedPath: .memory, requestedRenderer: nil, gpuDevices: [])
        XCTAssertEqual(memory?.path, .memory)
        XCTAssertEqual(memory?.reason, "LOOPFEED_VIDEO_PATH=memory")
        let cairo = VideoPathChoice.beforeGTK(requestedPath: nil, requestedRenderer: "cairo", gpuDevices: ["/dev/dri/renderD128"])
        XCTAssertEqual(cairo?.path, .memory)
        XCTAssertNil(cairo?.renderer, "GTK's renderer stays as set")
        XCTAssertEqual(cairo?.drawsOnCPU, true)
        XCTAssertEqual(cairo?.disablesGL, false)
        let gl = VideoPathChoice.beforeGTK(requestedPath: nil, requestedRenderer: "gl", gpuDevices: [])
        XCTAssertEqual(gl?.path, .memory, "GSK_RENDERER=gl on a machine without a GPU: llvmpipe, the memory path")
        XCTAssertEqual(gl?.drawsOnCPU, false)
    }

    func testTheMemoryPathDrawsOnTheCPUWhereCairoDraws() {
        XCTAssertTrue(VideoPathChoice.decide(requestedPath: nil, requestedRenderer: nil, glRenderer: "llvmpipe (LLVM 15.0.6, 256 bits)").drawsOnCPU)
        XCTAssertTrue(VideoPathChoice.decide(requestedPath: nil, requestedRenderer: nil, glRenderer: nil).drawsOnCPU)
        XCTAssertFalse(VideoPathChoice.decide(requestedPath: nil, requestedRenderer: nil, glRenderer: "Mesa Intel(R) UHD Graphics 620 (KBL GT2)").drawsOnCPU)
        XCTAssertFalse(VideoPathChoice.decide(requestedPath: .gl, requestedRenderer: nil, glRenderer: "llvmpipe").drawsOnCPU)
    }

    func testVADecodingOnlyWithARenderNodeAndTheGLPath() {
        let none = HardwareDecoding.decide(renderNodes: [], videoPath: .gl)
        XCTAssertFalse(none.enabled)
        XCTAssertEqual(none.reason, "no render node in /dev/dri")
        XCTAssertFalse(HardwareDecoding.decide(renderNodes: ["card0"], videoPath: .gl).enabled, "a card without a render node")
        let memory = HardwareDecoding.decide(renderNodes: ["renderD128"], videoPath: .memory)
        XCTAssertFalse(memory.enabled)
        XCTAssertEqual(memory.reason, "the memory path decodes in software")
        let va = HardwareDecoding.decide(renderNodes: ["card0", "renderD129", "renderD128"], videoPath: .gl)
        XCTAssertTrue(va.enabled)
        XCTAssertEqual(va.decoders, ["vah264dec", "vah265dec", "vavp8dec", "vavp9dec", "vaav1dec"])
        XCTAssertEqual(va.reason, "render node /dev/dri/renderD128")
    }
}
