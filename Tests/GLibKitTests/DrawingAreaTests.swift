import CGLib
import CGtk
import GLibKit
import GtkKit
import TestSupport
import XCTest

final class DrawingAreaTests: XCTestCase {
    func testTheDrawHandlerIsFreedWhenTheWidgetDies() throws {
        try onMain {
            try GtkTestSupport.requireDisplay()
            let counter = DeinitCounter()
            let criticals = collectingGLibCriticals {
                var area: DrawingArea? = DrawingArea()
                let weak = GWeakReference(area!.handle.raw)
                do {
                    let sentinel = Sentinel(counter)
                    area!.setDrawHandler { _, _, _ in sentinel.touch() }
                }
                XCTAssertEqual(counter.value, 0, "GTK holds the handler while the widget lives")
                area = nil
                XCTAssertFalse(weak.isAlive, "the drawing area leaked")
            }
            XCTAssertEqual(counter.value, 1, "the draw handler's box leaked with its widget gone")
            XCTAssertEqual(criticals, [])
        }
    }

    func testReplacingTheDrawHandlerFreesThePreviousOne() throws {
        try onMain {
            try GtkTestSupport.requireDisplay()
            let first = DeinitCounter()
            let second = DeinitCounter()
            let area = DrawingArea()
            do {
                let sentinel = Sentinel(first)
                area.setDrawHandler { _, _, _ in sentinel.touch() }
            }
            do {
                let sentinel = Sentinel(second)
                area.setDrawHandler { _, _, _ in sentinel.touch() }
            }
            XCTAssertEqual(first.value, 1, "the replaced handler must be released")
            XCTAssertEqual(second.value, 0)
        }
    }

    func testAShownAreaDrawsAtItsContentSize() throws {
        try onMain {
            let app = try GtkTestSupport.registeredApplication()
            let draws = Locked<[String]>([])
            let criticals = collectingGLibCriticals {
                let window = GtkKit.Window(application: app)
                let area = DrawingArea()
                area.contentWidth = 140
                area.contentHeight = 120
                area.setAlign(horizontal: .center, vertical: .center)
                XCTAssertEqual(area.contentWidth, 140)
                area.setDrawHandler { context, width, height in
                    // Exercise every wrapped call once; cairo would log nothing, but a wrong
                    // signature in the trampoline would crash here or read garbage sizes.
                    context.save()
                    context.translate(x: Double(width) / 2, y: Double(height) / 2)
                    context.scale(x: 1, y: 1)
                    context.setSource(red: 1, green: 0.17, blue: 0.33, alpha: 0.5)
                    context.setLineWidth(6)
                    context.setLineCap(.round)
                    context.newPath()
                    context.arc(centerX: 0, centerY: 0, radius: 40, from: 0, to: .pi)
                    context.stroke()
                    context.move(toX: -10, y: -10)
                    context.line(toX: 10, y: -10)
                    context.curve(toX: -10, y: 10, control1X: 20, control1Y: 0, control2X: 0, control2Y: 20)
                    context.closePath()
                    context.fill()
                    context.restore()
                    draws.mutate { $0.append("\(width)x\(height)") }
                }
                window.setChild(area)
                window.setDefaultSize(width: 300, height: 300)
                window.present()
                let deadline = g_get_monotonic_time() + 2_000_000
                while draws.value.isEmpty && g_get_monotonic_time() < deadline { spinMainLoop(seconds: 0.02) }
                XCTAssertEqual(draws.value.first, "140x120", "the handler draws at the allocated content size")
                let before = draws.value.count
                area.queueDraw()
                spinMainLoop(seconds: 0.2)
                XCTAssertGreaterThan(draws.value.count, before, "queueDraw must draw again")
                window.destroy()
                spinMainLoop(seconds: 0.05)
            }
            XCTAssertEqual(criticals, [])
        }
    }
}
