import Foundation
import GLibKit
import GStreamerKit
import TestSupport
import XCTest

/// GstDeviceMonitor through its wrapper. There is no camera on the build machines; what a
/// PulseAudio session offers is checked when one runs.
final class DeviceMonitorTests: XCTestCase {
    override func setUp() {
        super.setUp()
        MainActor.assumeIsolated { GStreamer.initialize() }
    }

    func testStartStopAndDropFreeTheMonitorItsBusWatchAndItsDevices() {
        onMain {
            var weakDevices: [GWeakReference] = []
            var weakMonitor: GWeakReference?
            var weakBus: GWeakReference?
            let criticals = collectingGLibCriticals {
                var monitor: DeviceMonitor? = DeviceMonitor(classes: ["Video/Source", "Audio/Source"])
                weakMonitor = GWeakReference(monitor!.monitorObject)
                var changes = 0
                monitor!.onChange = { _ in changes += 1 }
                let started = monitor!.start()
                weakBus = monitor!.busObject.map { GWeakReference($0) }
                XCTAssertEqual(weakBus != nil, started, "a running monitor is watching its bus")
                XCTAssertEqual(monitor!.isRunning, started)
                XCTAssertTrue(monitor!.start() == started, "a second start changes nothing")
                spinMainLoop(seconds: 0.3)
                // What the providers found at start is listed once, not again as "added".
                XCTAssertEqual(changes, 0)
                let infos = monitor!.devices
                XCTAssertEqual(Set(monitor!.deviceObjects).count, infos.count)
                for info in infos {
                    XCTAssertTrue(info.hasClasses("Source"), "\(info)")
                    XCTAssertFalse(info.displayName.isEmpty)
                }
                weakDevices = monitor!.deviceObjects.map { GWeakReference($0) }
                monitor!.stop()
                XCTAssertFalse(monitor!.isRunning)
                XCTAssertTrue(monitor!.devices.isEmpty)
                monitor!.stop() // idempotent
                XCTAssertTrue(monitor!.start() == started, "restarts after a stop")
                monitor = nil
            }
            XCTAssertEqual(criticals, [])
            XCTAssertFalse(weakMonitor!.isAlive, "the GstDeviceMonitor leaked")
            XCTAssertFalse(weakBus?.isAlive ?? false, "the monitor's bus leaked")
            for device in weakDevices { XCTAssertFalse(device.isAlive, "a GstDevice leaked") }
        }
    }

    /// Under PulseAudio every source has the name pulsesrc needs, and exactly the outputs'
    /// monitors ("<sink>.monitor") are marked as such. (Hot-plug: FeedMediaTests, with pactl.)
    func testPulseAudioSourcesAreNamedAndMonitorsMarked() {
        onMain {
            let monitor = DeviceMonitor(classes: ["Audio/Source"])
            monitor.start()
            for source in monitor.devices {
                XCTAssertTrue(source.hasClasses("Audio/Source"))
                guard let name = source.pulseName else { continue }
                XCTAssertFalse(name.isEmpty)
                XCTAssertEqual(source.isOutputMonitor, name.hasSuffix(".monitor"), "\(source)")
            }
            monitor.stop()
        }
    }

    func testDeviceClassesMatchInAnyOrder() {
        let camera = MediaDeviceInfo(displayName: "Cam", deviceClass: "Video/Source")
        XCTAssertTrue(camera.hasClasses("Video/Source"))
        XCTAssertTrue(camera.hasClasses("Source/Video"))
        XCTAssertTrue(camera.hasClasses("Video"))
        XCTAssertFalse(camera.hasClasses("Audio/Source"))
        XCTAssertFalse(camera.hasClasses("Video/Source/Extra"))
    }

    func testV4L2PathComesFromEitherKey() {
        XCTAssertEqual(MediaDeviceInfo(displayName: "A", deviceClass: "Video/Source",
                                       properties: ["device.path": "/dev/video0", "api.v4l2.path": "/dev/video9"]).v4l2Path,
                       "/dev/video0")
        XCTAssertEqual(MediaDeviceInfo(displayName: "B", deviceClass: "Video/Source",
                                       properties: ["api.v4l2.path": "/dev/video2"]).v4l2Path, "/dev/video2")
        XCTAssertNil(MediaDeviceInfo(displayName: "C", deviceClass: "Video/Source").v4l2Path)
    }

    func testOnlyTheMonitorDeviceClassMarksAnOutputMonitor() {
        XCTAssertTrue(MediaDeviceInfo(displayName: "Monitor of Null Output", deviceClass: "Audio/Source",
                                      properties: ["device.class": "monitor"]).isOutputMonitor)
        XCTAssertFalse(MediaDeviceInfo(displayName: "Null Input", deviceClass: "Audio/Source",
                                       properties: ["device.class": "abstract"]).isOutputMonitor)
        XCTAssertFalse(MediaDeviceInfo(displayName: "Mic", deviceClass: "Audio/Source",
                                       properties: ["device.class": "sound"]).isOutputMonitor)
    }
}
