import Foundation
import GLibKit
import GStreamerKit
import XCTest

/// GstDeviceMonitor through its wrapper. There is no camera on the build machines; PulseAudio
/// runs in the headless session, so sources come and go with `pactl load-module`.
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

    func testPulseAudioMonitorSourcesAreMarkedAndRealSourcesNamed() throws {
        try PulseAudioControl.requireServer()
        try onMain {
            let monitor = DeviceMonitor(classes: ["Audio/Source"])
            XCTAssertTrue(monitor.start())
            let sources = monitor.devices
            XCTAssertFalse(sources.isEmpty, "a PulseAudio server always has a source (a sink's monitor at least)")
            let listed = try PulseAudioControl.sourceNames()
            for source in sources {
                XCTAssertTrue(source.hasClasses("Audio/Source"))
                let name = try XCTUnwrap(source.pulseName, "\(source)")
                XCTAssertTrue(listed.contains(name), "\(name) not among pactl's sources \(listed)")
                XCTAssertEqual(source.isOutputMonitor, name.hasSuffix(".monitor"), "\(source)")
            }
            monitor.stop()
        }
    }

    func testASourcePluggedInLaterIsAddedAndThenRemoved() throws {
        try PulseAudioControl.requireServer()
        let name = "loopfeed_test_mic_\(getpid())"
        try onMain {
            let monitor = DeviceMonitor(classes: ["Audio/Source"])
            var changes: [DeviceMonitor.Change] = []
            monitor.onChange = { changes.append($0) }
            XCTAssertTrue(monitor.start())
            XCTAssertFalse(monitor.devices.contains { $0.pulseName == name })
            let module = try PulseAudioControl.loadNullSource(named: name)
            defer { PulseAudioControl.unload(module) }
            XCTAssertTrue(MainLoop.run(until: { monitor.devices.contains { $0.pulseName == name } }, timeoutSeconds: 5),
                          "the new source was not reported; saw \(changes)")
            guard case .added(let added)? = changes.last else { return XCTFail("\(changes)") }
            XCTAssertEqual(added.pulseName, name)
            XCTAssertFalse(added.isOutputMonitor)
            PulseAudioControl.unload(module)
            XCTAssertTrue(MainLoop.run(until: { !monitor.devices.contains { $0.pulseName == name } }, timeoutSeconds: 5))
            XCTAssertEqual(changes.last, .removed(added))
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

/// `pactl` against whatever server the session provides (tools/headless-session.sh starts one).
enum PulseAudioControl {
    static func requireServer() throws {
        guard (try? run(["info"])) != nil else { throw XCTSkip("no PulseAudio server in this session") }
    }

    static func sourceNames() throws -> Set<String> {
        Set(try run(["list", "short", "sources"]).split(separator: "\n").compactMap {
            $0.split(separator: "\t").dropFirst().first.map(String.init)
        })
    }

    /// The module's index.
    static func loadNullSource(named name: String) throws -> String {
        try run(["load-module", "module-null-source", "source_name=\(name)"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func unload(_ module: String) {
        _ = try? run(["unload-module", module])
    }

    private struct Failed: Error { let arguments: [String] }

    @discardableResult
    private static func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pactl")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failed(arguments: arguments) }
        return String(decoding: data, as: UTF8.self)
    }
}
