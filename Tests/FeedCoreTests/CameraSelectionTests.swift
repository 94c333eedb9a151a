import FeedCore
import XCTest

final class CameraSelectionTests: XCTestCase {
    private let first = CameraDevice(name: "Front", path: "/dev/video0")
    private let second = CameraDevice(name: "USB", path: "/dev/video2")
    private let third = CameraDevice(name: "Capture card", path: "/dev/video4")

    func testStartsOnTheFirstCameraAndHasNoneWithoutCameras() {
        var selection = CameraSelection()
        XCTAssertNil(selection.camera(in: []))
        selection.update(cameras: [])
        XCTAssertNil(selection.selectedPath)
        selection.update(cameras: [first, second])
        XCTAssertEqual(selection.camera(in: [first, second]), first)
        XCTAssertEqual(selection.selectedPath, "/dev/video0")
    }

    func testFlipCyclesThroughEveryCameraAndWrapsAround() {
        let cameras = [first, second, third]
        var selection = CameraSelection()
        selection.update(cameras: cameras)
        var seen: [CameraDevice?] = []
        for _ in 0..<4 {
            selection.flip(in: cameras)
            seen.append(selection.camera(in: cameras))
        }
        XCTAssertEqual(seen, [second, third, first, second])
    }

    func testFlipWithOneCameraOrNoneChangesNothing() {
        var selection = CameraSelection()
        selection.update(cameras: [first])
        XCTAssertFalse(selection.canFlip(in: [first]))
        selection.flip(in: [first])
        XCTAssertEqual(selection.camera(in: [first]), first)
        XCTAssertFalse(selection.canFlip(in: []))
        selection.flip(in: [])
        XCTAssertNil(selection.camera(in: []))
    }

    func testSelectionSurvivesOtherCamerasComingAndGoing() {
        var selection = CameraSelection()
        selection.update(cameras: [first, second])
        selection.flip(in: [first, second])
        XCTAssertEqual(selection.selectedPath, second.path)
        // The first camera is unplugged, a third plugged in before the chosen one: still USB.
        selection.update(cameras: [second])
        selection.update(cameras: [third, second])
        XCTAssertEqual(selection.camera(in: [third, second]), second)
    }

    func testRemovedSelectionFallsBackToTheFirstAndStaysThere() {
        var selection = CameraSelection()
        selection.update(cameras: [first, second])
        selection.flip(in: [first, second])
        selection.update(cameras: [first, third])
        XCTAssertEqual(selection.camera(in: [first, third]), first)
        XCTAssertEqual(selection.selectedPath, first.path)
        // The old camera coming back doesn't take over again: the person now sees the first one.
        selection.update(cameras: [first, second, third])
        XCTAssertEqual(selection.camera(in: [first, second, third]), first)
    }

    func testPinnedCameraIsTheOnlyOneAndNotFoundWhileAbsent() {
        var selection = CameraSelection(pinnedPath: "/dev/video2")
        XCTAssertNil(selection.camera(in: [first]), "no other camera stands in for the pinned one")
        selection.update(cameras: [first])
        XCTAssertEqual(selection.selectedPath, "/dev/video2")
        selection.update(cameras: [first, second])
        XCTAssertEqual(selection.camera(in: [first, second]), second)
        XCTAssertFalse(selection.canFlip(in: [first, second]))
        selection.flip(in: [first, second])
        XCTAssertEqual(selection.camera(in: [first, second]), second)
    }

    func testTestCamerasFlipBetweenFrontAndBack() {
        let directory = MainActor.assumeIsolated { TestCaptureDevices() }
        let cameras = MainActor.assumeIsolated { directory.cameras }
        var selection = CameraSelection()
        selection.update(cameras: cameras)
        XCTAssertEqual(selection.camera(in: cameras), .testFront)
        selection.flip(in: cameras)
        XCTAssertEqual(selection.camera(in: cameras), .testBack)
        selection.flip(in: cameras)
        XCTAssertEqual(selection.camera(in: cameras), .testFront)
    }
}
