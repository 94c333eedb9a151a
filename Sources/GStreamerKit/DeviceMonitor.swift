import CGStreamer
import CGStreamerShims
import CGLibShims
import GLibKit

/// An owned GstDeviceMonitor: the devices of the given classes present now, and a report on
/// the main loop when one is plugged in or taken away.
///
/// The monitor's own reference, our reference to its bus (with the watch) and one reference per
/// device are released on `stop()` and on deinit.
@MainActor
public final class DeviceMonitor {
    public enum Change: Sendable, Equatable {
        case added(MediaDeviceInfo)
        case removed(MediaDeviceInfo)
    }

    /// Called on the main loop after `devices` changed.
    public var onChange: ((Change) -> Void)?
    public private(set) var isRunning = false

    private let monitor: GObjectHandle
    private var bus: UnsafeMutablePointer<GstBus>?
    /// Keyed by the GstDevice: a provider posts the same object when it goes as when it came.
    private var present: [(device: GObjectHandle, info: MediaDeviceInfo)] = []

    /// `classes`: GStreamer class filters such as "Video/Source" and "Audio/Source".
    public init(classes: [String]) {
        GStreamer.initialize()
        monitor = GObjectHandle(adopting: UnsafeMutableRawPointer(gst_device_monitor_new()))
        for deviceClass in classes {
            _ = gst_device_monitor_add_filter(monitor.typed(GstDeviceMonitor.self), deviceClass, nil)
        }
    }

    isolated deinit {
        stop()
    }

    /// The devices present, in the order they were found.
    public var devices: [MediaDeviceInfo] { present.map(\.info) }

    /// Starts the providers and lists what they found. False when no provider could start
    /// (no plugin for any class, no server): the list stays empty and nothing is reported.
    @discardableResult
    public func start() -> Bool {
        guard !isRunning else { return true }
        watchBus()
        guard gst_device_monitor_start(monitor.typed(GstDeviceMonitor.self)) != 0 else {
            removeBusWatch()
            return false
        }
        isRunning = true
        // Providers also post device-added for what they found at start; those find the
        // device already listed and change nothing.
        var list = gst_device_monitor_get_devices(monitor.typed(GstDeviceMonitor.self))
        let head = list
        while let node = list {
            if let data = node.pointee.data {
                add(GObjectHandle(adopting: data)) // each element is transfer full
            }
            list = node.pointee.next
        }
        g_list_free(head)
        return true
    }

    /// Stops the providers, removes the bus watch and lets go of every device.
    public func stop() {
        guard isRunning || bus != nil else { return }
        if isRunning { gst_device_monitor_stop(monitor.typed(GstDeviceMonitor.self)) }
        isRunning = false
        removeBusWatch()
        present.removeAll()
    }

    /// The GObjects this wrapper holds, so tests can check they are freed.
    package var monitorObject: UnsafeMutableRawPointer { monitor.raw }
    package var busObject: UnsafeMutableRawPointer? { bus.map { UnsafeMutableRawPointer($0) } }
    package var deviceObjects: [UnsafeMutableRawPointer] { present.map(\.device.raw) }

    private func watchBus() {
        guard let bus = gst_device_monitor_get_bus(monitor.typed(GstDeviceMonitor.self)) else { return }
        self.bus = bus // transfer full: released in removeBusWatch
        // Weak: the watch lives on the monitor's bus, which this object owns.
        let handler: @MainActor (UnsafeMutablePointer<GstMessage>) -> Void = { [weak self] message in
            self?.handle(message)
        }
        let box = CallbackBox(handler)
        gst_bus_add_watch_full(bus, 0, { _, message, data in
            guard let message, let data else { return 1 }
            let handler = CallbackBox<@MainActor (UnsafeMutablePointer<GstMessage>) -> Void>.from(data)
            MainActor.assumeIsolated { handler(message) }
            return 1
        }, box.retainedPointer(), { data in
            guard let data else { return }
            AnyCallbackBox.release(data)
        })
    }

    private func removeBusWatch() {
        guard let bus else { return }
        gst_bus_remove_watch(bus)
        gst_object_unref(UnsafeMutableRawPointer(bus))
        self.bus = nil
    }

    private func handle(_ message: UnsafeMutablePointer<GstMessage>) {
        guard isRunning else { return }
        var device: UnsafeMutablePointer<GstDevice>?
        switch lf_message_type(message) {
        case GST_MESSAGE_DEVICE_ADDED:
            gst_message_parse_device_added(message, &device)
            if let device, let info = add(GObjectHandle(adopting: UnsafeMutableRawPointer(device))) {
                onChange?(.added(info))
            }
        case GST_MESSAGE_DEVICE_REMOVED:
            gst_message_parse_device_removed(message, &device)
            if let device, let info = remove(GObjectHandle(adopting: UnsafeMutableRawPointer(device))) {
                onChange?(.removed(info))
            }
        case GST_MESSAGE_DEVICE_CHANGED:
            // The provider replaced a device's description: the old one goes, the new one comes.
            var previous: UnsafeMutablePointer<GstDevice>?
            gst_message_parse_device_changed(message, &device, &previous)
            if let previous, let info = remove(GObjectHandle(adopting: UnsafeMutableRawPointer(previous))) {
                onChange?(.removed(info))
            }
            if let device, let info = add(GObjectHandle(adopting: UnsafeMutableRawPointer(device))) {
                onChange?(.added(info))
            }
        default:
            break
        }
    }

    /// The new device's description, nil when it was already listed.
    @discardableResult
    private func add(_ device: GObjectHandle) -> MediaDeviceInfo? {
        guard !present.contains(where: { $0.device == device }) else { return nil }
        let info = Self.describe(device)
        present.append((device, info))
        return info
    }

    private func remove(_ device: GObjectHandle) -> MediaDeviceInfo? {
        guard let index = present.firstIndex(where: { $0.device == device }) else { return nil }
        return present.remove(at: index).info
    }

    private static func describe(_ handle: GObjectHandle) -> MediaDeviceInfo {
        let device = handle.typed(GstDevice.self)
        func take(_ text: UnsafeMutablePointer<gchar>?) -> String {
            guard let text else { return "" }
            defer { g_free(text) }
            return String(cString: text)
        }
        var properties: [String: String] = [:]
        var isDefault = false
        if let structure = gst_device_get_properties(device) {
            for index in 0..<max(0, gst_structure_n_fields(structure)) {
                guard let name = gst_structure_nth_field_name(structure, guint(index)),
                      let value = gst_structure_get_string(structure, name) else { continue }
                properties[String(cString: name)] = String(cString: value)
            }
            var flag: gboolean = 0
            isDefault = gst_structure_get_boolean(structure, "is-default", &flag) != 0 && flag != 0
            gst_structure_free(structure)
        }
        let pulseName = lf_object_has_property(handle.raw, "internal-name") != 0
            ? handle.string("internal-name") : nil
        return MediaDeviceInfo(displayName: take(gst_device_get_display_name(device)),
                               deviceClass: take(gst_device_get_device_class(device)),
                               properties: properties, pulseName: pulseName, isDefault: isDefault)
    }
}
