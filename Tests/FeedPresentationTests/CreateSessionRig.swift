import FeedCore
@testable import FeedPresentation
import FeedTesting
import Foundation

/// A CreateSession over FeedTesting's fakes, with fake views that keep what they were asked
/// and behave as FeedUI's do where the session relies on it (Next hands the edit on, Post
/// hands the choices on unless busy).
@MainActor
final class CreateSessionRig {
    let clock = ManualClock(startMicroseconds: 1_000_000)
    let timers = ManualTimers()
    let events = RecordingEventSink()
    let jobs = FakeClipJobs()
    let publisher = FakeClipPublisher()
    let uploads = FakePostUploading()
    let preferences: InMemoryPreferencesStore
    let repository = InMemoryFeedRepository()
    let directory: FakeCaptureDeviceDirectory
    let editor = FakeClipEditorView()
    let posting = FakePostingView()
    let sounds = FakeSoundPickerView()
    let dataDirectory = URL(fileURLWithPath: "/data")
    var captureSessions: [FakeCaptureSession] = []
    var changes: [CreateSession.Change] = []
    var posted: [Post] = []
    var feedNotices: [String] = []
    private(set) var session: CreateSession!

    init(limitSeconds: Int = 15, cameras: [CameraDevice] = [CameraDevice(name: "Integrated Camera", path: "/dev/video0")],
         microphones: [MicrophoneDevice] = [MicrophoneDevice(name: "Headset", pulseSourceName: "alsa_input.headset")],
         leftover: URL? = nil) {
        var stored = Preferences()
        stored.recordingLimitSeconds = limitSeconds
        preferences = InMemoryPreferencesStore(stored)
        directory = FakeCaptureDeviceDirectory(cameras: cameras, microphones: microphones)
        session = CreateSession(CreateSession.Dependencies(
            makeDevices: { [directory] in RecordingDevices(directory: directory) },
            makeCaptureSession: { [unowned self] _, _ in
                let capture = FakeCaptureSession()
                captureSessions.append(capture)
                return capture
            },
            repository: repository, events: events, clock: clock, timers: timers, dataDirectory: dataDirectory,
            leftover: leftover, preferences: preferences, videosFolder: URL(fileURLWithPath: "/home/me/Videos"),
            homeFolder: URL(fileURLWithPath: "/home/me"), publisher: publisher, clipJobs: jobs, uploads: uploads), editor: editor, posting: posting, sounds: sounds)
        session.onChange = { [unowned self] change in changes.append(change) }
        session.onPosted = { [unowned self] post in posted.append(post) }
        session.onFeedNotice = { [unowned self] text in feedNotices.append(text) }
        editor.onNext = { [unowned self] edit in session.openPosting(edit) }
        posting.onPost = { [unowned self] choices in session.post(choices) }
    }

    /// The capture session the camera runs on now.
    var capture: FakeCaptureSession { captureSessions.last! }

    /// The tab is opened and the camera goes live.
    func openLive() {
        session.activate()
        capture.goLive()
    }

    /// Moves both clocks on: the main loop's timers fire as they fall due, tick by tick.
    func wait(milliseconds: Int) {
        var left = milliseconds
        while left > 0 {
            let step = min(left, 11)
            clock.advance(byMicroseconds: Int64(step) * 1_000)
            timers.advance(milliseconds: UInt32(step))
            left -= step
        }
    }

    /// A hold of `seconds`, its segment then saved by the capture session as `saved` seconds long.
    func hold(seconds: Double, saved: Double? = nil) {
        session.press()
        wait(milliseconds: Int(seconds * 1_000))
        session.release()
        capture.endSegment(seconds: saved ?? seconds)
    }

    /// Holds, Enter, and the join answered with a `seconds` long clip: the editor has it.
    func recordAndJoin(seconds: Double = 2) {
        openLive()
        hold(seconds: seconds)
        _ = session.returnPressed()
        jobs.finishJoin(with: .success(ClipFacts(url: dataDirectory.appendingPathComponent("clip.mp4"),
                                                 durationSeconds: seconds, size: PixelSize(width: 720, height: 1280),
                                                 hasAudio: true)))
    }

    var recordFinishedEvents: [AppEvent] {
        events.events.filter { if case .recordFinished = $0 { true } else { false } }
    }

    var pagesShown: [String] {
        events.events.compactMap { if case .createPage(let name) = $0 { name } else { nil } }
    }

    var errors: [String] {
        events.events.compactMap { if case .error(let kind, _, _, _) = $0 { kind } else { nil } }
    }

    static func post(id: Int64) -> Post {
        Post(id: id, author: Author(handle: "me", name: "Me", isSelf: true), caption: "", music: "",
             videoURI: "file:///posted.mp4", created: Date(timeIntervalSince1970: 0))
    }
}

@MainActor
final class FakeClipEditorView: ClipEditorView {
    enum Call: Equatable {
        case show(URL, seconds: Double, speed: ClipEdit.Speed, sound: RecordingSound?)
        case message(String), limit(Double), pause, resume, unload
    }

    private(set) var calls: [Call] = []
    var isTyping = false
    var chosenSound: RecordingSound?
    /// What Next hands on (the page's edit, checked).
    var edit = ClipEdit()
    var onNext: ((ClipEdit) -> Void)?

    func show(clip: URL, seconds: Double, speed: ClipEdit.Speed, sound: RecordingSound?) {
        chosenSound = sound
        calls.append(.show(clip, seconds: seconds, speed: speed, sound: sound))
    }

    func show(_ text: String) { calls.append(.message(text)) }
    func limitLength(to seconds: Double) { calls.append(.limit(seconds)) }
    func pause() { calls.append(.pause) }
    func resume() { calls.append(.resume) }
    func unload() { calls.append(.unload) }
    func activateNext() { onNext?(edit) }
}

@MainActor
final class FakePostingView: PostingView {
    private(set) var isBusy = false
    private(set) var busyText: String?
    private(set) var error: String?
    private(set) var covers: [[URL]] = []
    private(set) var caption = ""
    private(set) var resets = 0
    var coverIndex: Int?
    var saveCopy = false
    var destination = PostingDestination.thisComputer
    private(set) var destinations: [[UploadChannel]] = []
    var onPost: ((PostingChoices) -> Void)?

    func prepare(saveCopyByDefault: Bool) {
        saveCopy = saveCopyByDefault
        error = nil
        setBusy(nil)
    }

    func focusCaption() {}
    func continueCaption(with text: String) { caption += text }
    func setCovers(_ frames: [URL]) { covers.append(frames) }
    func coverFramesFailed(_ reason: String) {}
    func setDestinations(_ channels: [UploadChannel]) { destinations.append(channels) }

    func setBusy(_ text: String?) {
        isBusy = text != nil
        busyText = text
    }

    func showError(_ text: String) {
        setBusy(nil)
        error = text
    }

    func reset() {
        caption = ""
        resets += 1
    }

    func post() {
        guard !isBusy else { return }
        onPost?(PostingChoices(caption: caption, coverIndex: coverIndex, allowsComments: true, saveCopy: saveCopy,
                               destination: destination))
    }
}

@MainActor
final class FakeSoundPickerView: SoundPickerView {
    enum Call: Equatable {
        case close, stop, pause, play(fromSeconds: Double, rate: Double)
    }

    private(set) var calls: [Call] = []
    var isOpen = false
    var cameraSound: RecordingSound?

    func close() {
        isOpen = false
        calls.append(.close)
    }

    func stop() { calls.append(.stop) }
    func pause() { calls.append(.pause) }

    func playAlongRecording(fromSeconds seconds: Double, rate: Double) {
        guard cameraSound != nil else { return }
        calls.append(.play(fromSeconds: seconds, rate: rate))
    }
}
