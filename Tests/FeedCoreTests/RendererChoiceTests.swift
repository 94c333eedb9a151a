import FeedCore
import XCTest

final class RendererChoiceTests: XCTestCase {
    func testASoftwareGLGetsCairo() {
        let choice = RendererChoice.decide(requested: nil, glRenderer: "llvmpipe (LLVM 15.0.6, 256 bits)")
        XCTAssertEqual(choice.renderer, "cairo")
        XCTAssertEqual(choice.reason, "software GL: llvmpipe (LLVM 15.0.6, 256 bits)")
        XCTAssertEqual(RendererChoice.decide(requested: nil, glRenderer: "softpipe").renderer, "cairo")
        XCTAssertEqual(RendererChoice.decide(requested: nil, glRenderer: "Software Rasterizer").renderer, "cairo")
    }

    func testAHardwareGLKeepsGTKsChoice() {
        for name in ["AMD Radeon Graphics (renoir, LLVM 15.0.6, DRM 3.49, 6.1.0-13-amd64)",
                     "Mesa Intel(R) UHD Graphics 620 (KBL GT2)", "NVIDIA GeForce RTX 3060/PCIe/SSE2", "virgl"] {
            let choice = RendererChoice.decide(requested: nil, glRenderer: name)
            XCTAssertNil(choice.renderer, name)
            XCTAssertEqual(choice.reason, "hardware GL: \(name)")
        }
    }

    func testWhatSomeoneSetIsKeptAndNoGLIsLeftToGTK() {
        let set = RendererChoice.decide(requested: "gl", glRenderer: "llvmpipe (LLVM 15.0.6, 256 bits)")
        XCTAssertNil(set.renderer, "GSK_RENDERER=gl on llvmpipe stays gl")
        XCTAssertEqual(set.reason, "GSK_RENDERER=gl was set")
        XCTAssertEqual(RendererChoice.decide(requested: "", glRenderer: "llvmpipe").renderer, "cairo", "an empty variable is unset")
        XCTAssertEqual(RendererChoice.decide(requested: nil, glRenderer: nil), RendererChoice(renderer: nil, reason: "no GL", drawsOnCPU: true))
    }

    func testWithoutAGPUDeviceCairoIsChosenBeforeGTKAndGLIsNotLoaded() {
        let choice = RendererChoice.beforeGTK(requested: nil, gpuDevices: [])
        XCTAssertEqual(choice?.renderer, "cairo")
        XCTAssertEqual(choice?.disablesGL, true)
        XCTAssertNil(RendererChoice.beforeGTK(requested: nil, gpuDevices: ["/dev/dri/renderD128"]),
                     "a render node: only GL's renderer name tells hardware from llvmpipe")
        XCTAssertNil(RendererChoice.beforeGTK(requested: "", gpuDevices: ["/dev/nvidia0"]))
        let set = RendererChoice.beforeGTK(requested: "gl", gpuDevices: [])
        XCTAssertNil(set?.renderer, "GSK_RENDERER=gl is kept even without a GPU")
        XCTAssertEqual(set?.disablesGL, false)
        XCTAssertEqual(RendererChoice.decide(requested: nil, glRenderer: "llvmpipe").disablesGL, false,
                       "once GL was asked, GTK keeps it")
    }

    func testWhetherTheWindowIsDrawnOnTheCPU() {
        XCTAssertTrue(RendererChoice.decide(requested: nil, glRenderer: "llvmpipe").drawsOnCPU)
        XCTAssertTrue(RendererChoice.decide(requested: nil, glRenderer: nil).drawsOnCPU, "without GL GTK draws with cairo")
        XCTAssertTrue(RendererChoice.beforeGTK(requested: nil, gpuDevices: [])?.drawsOnCPU == true)
        XCTAssertTrue(RendererChoice.beforeGTK(requested: "cairo", gpuDevices: ["/dev/dri/renderD128"])?.drawsOnCPU == true)
        XCTAssertFalse(RendererChoice.beforeGTK(requested: "gl", gpuDevices: [])?.drawsOnCPU ?? true)
        XCTAssertFalse(RendererChoice.decide(requested: nil, glRenderer: "Mesa Intel(R) UHD Graphics 620 (KBL GT2)").drawsOnCPU)
    }
}
