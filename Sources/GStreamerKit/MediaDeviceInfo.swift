/// What a `DeviceMonitor` knows about one device: enough to show it and to open it.
/// A plain value, so the rules that sort devices into cameras and microphones are testable
/// without the hardware.
public struct MediaDeviceInfo: Sendable, Equatable {
    /// "Integrated Camera", "Monitor of Null Output" ...
    public var displayName: String
    /// GStreamer's class list, "Video/Source" or "Audio/Source".
    public var deviceClass: String
    /// The string-valued entries of the device's properties structure ("device.path",
    /// "device.class", "api.v4l2.path" ...); other types are left out.
    public var properties: [String: String]
    /// PulseAudio's name of the source or sink (the pulse device's "internal-name"), which is
    /// what pulsesrc's `device` property takes; the properties structure doesn't carry it.
    public var pulseName: String?
    /// The provider marks the server's default source or sink.
    public var isDefault: Bool

    public init(displayName: String, deviceClass: String, properties: [String: String] = [:],
                pulseName: String? = nil, isDefault: Bool = false) {
        self.displayName = displayName
        self.deviceClass = deviceClass
        self.properties = properties
        self.pulseName = pulseName
        self.isDefault = isDefault
    }

    /// Every class in `classes` ("Video/Source") is among the device's, in any order, as
    /// `gst_device_has_classes` decides.
    public func hasClasses(_ classes: String) -> Bool {
        let own = Set(deviceClass.split(separator: "/"))
        return classes.split(separator: "/").allSatisfy(own.contains)
    }

    /// The V4L2 device node. The v4l2 provider sets "device.path"; "api.v4l2.path" is the newer
    /// PipeWire-style key some providers use instead.
    public var v4l2Path: String? {
        properties["device.path"] ?? properties["api.v4l2.path"]
    }

    /// A PulseAudio monitor source records what an output plays: it is no microphone.
    public var isOutputMonitor: Bool { properties["device.class"] == "monitor" }
}
