public import FeedCore
public import Foundation

/// What the user chose on the posting page.
public struct PostingChoices: Sendable, Equatable {
    public var caption: String
    /// Index into the cover frames shown; nil while none were made.
    public var coverIndex: Int?
    public var allowsComments: Bool
    public var saveCopy: Bool
    /// This computer only, or also one of the signed-in accounts' channels.
    public var destination: PostingDestination

    public init(caption: String, coverIndex: Int?, allowsComments: Bool, saveCopy: Bool,
                destination: PostingDestination = .thisComputer) {
        self.caption = caption
        self.coverIndex = coverIndex
        self.allowsComments = allowsComments
        self.saveCopy = saveCopy
        self.destination = destination
    }
}

/// The editor page as `CreateSession` drives it (FeedUI's ClipEditorPage: a player, the tools).
@MainActor
public protocol ClipEditorView: AnyObject {
    /// A new clip, with the speed and the sound chosen before recording.
    func show(clip: URL, seconds: Double, speed: ClipEdit.Speed, sound: RecordingSound?)
    /// A sentence over the editor.
    func show(_ text: String)
    /// An album video longer than the recorder's limit starts trimmed to it.
    func limitLength(to seconds: Double)
    func pause()
    func resume()
    /// The clip is let go of (posted or thrown away).
    func unload()
    /// Next, as the button does: the edit is checked and, if good, handed on (to the posting page).
    func activateNext()
    /// The text field has the keys.
    var isTyping: Bool { get }
    /// The sound the clip is posted with.
    var chosenSound: RecordingSound? { get }
}

/// The posting page as `CreateSession` drives it (FeedUI's PostingPage: caption, cover, switches).
@MainActor
public protocol PostingView: AnyObject {
    /// The page opens: a new clip's switches take their defaults.
    func prepare(saveCopyByDefault: Bool)
    func focusCaption()
    /// Typing began elsewhere: the caption takes it.
    func continueCaption(with text: String)
    func setCovers(_ frames: [URL])
    func coverFramesFailed(_ reason: String)
    /// Where the post may go besides this computer: the signed-in accounts' channels.
    func setDestinations(_ channels: [UploadChannel])
    /// Progress while rendering and storing; nil when done.
    func setBusy(_ text: String?)
    func showError(_ text: String)
    /// The clip is gone: the page starts over for the next.
    func reset()
    /// Post, as the button does (nothing while busy).
    func post()
    var isBusy: Bool { get }
}

/// The sound sheet and the sound played while recording (FeedUI's SoundPicker).
@MainActor
public protocol SoundPickerView: AnyObject {
    var isOpen: Bool { get }
    /// The sound chosen on the camera: played during each hold, and the recorded clip's sound.
    var cameraSound: RecordingSound? { get }
    func close()
    /// Nothing plays.
    func stop()
    func pause()
    /// Plays the camera's sound from `seconds` at `rate`, along a segment being recorded.
    func playAlongRecording(fromSeconds seconds: Double, rate: Double)
}
