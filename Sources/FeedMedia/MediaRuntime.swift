public import FeedCore
import Foundation
import GLibKit
import GStreamerKit
import Synchronization

/// What the players and the recorder share, made once by the composition root and handed to
/// whatever plays or records (a test makes its own): the players' threads, joined at shutdown;
/// the sound server's state (one player that finds it gone silences the others) and how to ask
/// whether it answers; the audio sink players use; and the capture devices, with the queue that
/// starts and stops live capture pipelines.
///
/// At a clean exit `shutDown` lets every player's pipeline go, waits for the players' threads to
/// end and joins them, and waits for the capture pipelines to reach NULL: only then may GStreamer
/// be freed (`GST_TRACERS=leaks` counts what is left).
public final class MediaRuntime: Sendable {
    /// The audio sink players and sound players use unless told otherwise (a gst-launch
    /// description; nil or empty: autoaudiosink).
    public let audioSinkDescription: String?
    /// Every player's and sound player's thread.
    let threads = ThreadGroup()
    /// Every player's sound.
    let soundOutage = SoundOutage()
    /// Whether the sound server answers (a silent player asks every 2 s before it puts a real
    /// sink back).
    let soundServerAnswers: @Sendable () -> Bool
    /// Starting and stopping live capture pipelines can block for a while (v4l2src and pulsesrc
    /// wait on their devices going to NULL), so it happens here, never on the main loop; one
    /// queue for every capture session, so a camera reopened at once (Flip, Retry) waits until
    /// the previous pipeline has let go of the device.
    let captureLifecycle = DispatchQueue(label: "io.github.loopfeed.capture-lifecycle", qos: .userInitiated)
    /// The live players' shutdowns, by engine (each holds its engine weakly).
    private let players = Mutex<[ObjectIdentifier: @Sendable () -> Void]>([:])
    private let captureDevices: CaptureDeviceChoice
    /// Made on first use and kept: one monitor running between visits to the Create tab is what
    /// notices a camera plugged in meanwhile.
    @MainActor private var devices: RecordingDevices?

    /// `soundServerProbe`: whether the sound server answers; nil asks PulseAudio (a pulsesink
    /// that reaches READY). `captureDevices`: what `recordingDevices` finds.
    public init(audioSinkDescription: String? = nil, captureDevices: CaptureDeviceChoice = .monitored(pinnedCameraPath: nil),
                soundServerProbe: (@Sendable () -> Bool)? = nil) {
        self.audioSinkDescription = audioSinkDescription
        self.captureDevices = captureDevices
        soundServerAnswers = soundServerProbe ?? PlayerAudio.pulseAnswers
    }

    /// The names of the player and sound threads still running, one per thread.
    public var runningThreads: [String] { threads.runningNames }

    /// The cameras and microphones to record from, made the first time they are asked for.
    @MainActor
    public func recordingDevices() -> RecordingDevices {
        if let devices { return devices }
        let made = switch captureDevices {
        case .test: RecordingDevices(directory: TestCaptureDevices())
        case .testNoise: RecordingDevices(directory: TestCaptureDevices(cameras: [.testNoise]))
        case .monitored(let pinnedPath): RecordingDevices(directory: MonitoredCaptureDevices(), pinnedCameraPath: pinnedPath)
        }
        devices = made
        return made
    }

    /// A live camera and microphone on `device`, its preview at `preview` going to `receiver`.
    @MainActor
    public func makeCaptureSession(on device: CaptureDevice, mirrored: Bool, preview: PixelSize,
                                   receiver: VideoFrameReceiver) throws -> CaptureSession {
        try CaptureSession(graph: CaptureGraph(device: device, mirrored: mirrored), preview: preview,
                           receiver: receiver, runtime: self)
    }

    /// Lets every player's pipeline go (each on its own thread), waits up to `seconds` for their
    /// threads to end and joins them, then for the capture pipelines to stop, and lets the
    /// device monitor go. Returns what is still running (thread names, "capture"): empty when
    /// nothing of the runtime can touch GStreamer any more.
    @MainActor
    public func shutDown(within seconds: Double = 5) -> [String] {
        let shutdowns = players.withLock { players in
            defer { players.removeAll() }
            return Array(players.values)
        }
        for shutdown in shutdowns { shutdown() }
        let started = DispatchTime.now()
        var running = threads.join(within: seconds)
        let settled = DispatchSemaphore(value: 0)
        captureLifecycle.async { settled.signal() }
        // What is left of the time, but a moment at least: an idle queue answers at once.
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        if settled.wait(timeout: .now() + max(0.1, seconds - elapsed)) == .timedOut { running.append("capture") }
        devices = nil
        return running
    }

    /// A player (or sound player) made on this runtime: `shutdown` must hold it weakly.
    func adopt(_ id: ObjectIdentifier, shutdown: @escaping @Sendable () -> Void) {
        players.withLock { $0[id] = shutdown }
    }

    /// The player `id` was let go of (it shuts down by itself).
    func release(_ id: ObjectIdentifier) {
        players.withLock { _ = $0.removeValue(forKey: id) }
    }
}
