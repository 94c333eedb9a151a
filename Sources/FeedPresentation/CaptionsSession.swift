public import FeedCore
import Foundation
import Localization

/// The captions of the post on screen: which tracks its network has (PeerTube's), the one shown
/// (the user's language first, another when picked), and the cue showing at the player's
/// position, read a few times a second so it follows the loop and stays while paused. Whether
/// captions are on is the user's, kept in the preferences; each change of it or of the language
/// is a `captions` event. A track that could not be had shows nothing and says why once.
@MainActor
public final class CaptionsSession {
    public struct Dependencies {
        public var reader: any RemotePostReading
        public var timers: Timers
        public var events: EventSink?
        public var preferences: PreferencesStore
        /// The user's languages, best first ("fr_FR", "en").
        public var languages: [String]

        public init(reader: any RemotePostReading, timers: Timers, events: EventSink?, preferences: PreferencesStore,
                    languages: [String]) {
            self.reader = reader
            self.timers = timers
            self.events = events
            self.preferences = preferences
            self.languages = languages
        }
    }

    public enum Change: Equatable {
        /// The post on screen has captions (the CC control shows), or not.
        case available(Bool)
        /// Captions were switched on or off, or another language chosen.
        case choice
        /// The text to show now over the video (nil: none).
        case text(String?)
        /// The chosen track could not be had, in words.
        case failed(String)
    }

    /// How often the position is read while a track shows.
    public static let tickMilliseconds: UInt32 = 200

    private let deps: Dependencies
    public private(set) var isOn: Bool
    /// The tracks of the post on screen.
    public private(set) var tracks: [CaptionTrack] = []
    public private(set) var track: CaptionTrack?
    public private(set) var text: String?
    private var cues: CaptionCues?
    private var post: (id: Int64, ref: RemotePostRef)?
    private var tracksRequest: (any NetworkRequest)?
    private var cuesRequest: (any NetworkRequest)?
    private var ticking: TimerToken?
    /// The player's position in seconds (nil: nothing playing).
    public var position: (() -> Double?)?
    public var onChange: ((Change) -> Void)?

    public init(_ deps: Dependencies) {
        self.deps = deps
        isOn = deps.preferences.load().captionsShown
    }

    /// Whether the post on screen has captions to show.
    public var isAvailable: Bool { !tracks.isEmpty }

    /// The post now on screen (nil: none): its tracks are asked of its network.
    public func show(_ post: Post?) {
        if let post, post.id == self.post?.id { return }
        tracksRequest?.cancel()
        tracksRequest = nil
        let had = isAvailable
        clearTrack()
        tracks = []
        self.post = nil
        if had { onChange?(.available(false)) }
        guard let post, let ref = post.remote, ref.network == .peertube else { return }
        self.post = (post.id, ref)
        tracksRequest = deps.reader.captionTracks(of: ref) { [weak self] result in
            guard let self else { return }
            tracksRequest = nil
            // No captions, or none to be had: the control stays away; nothing to say.
            guard case .success(let found) = result, !found.isEmpty else { return }
            tracks = found
            onChange?(.available(true))
            if isOn { choose(CaptionTrack.best(of: found, preferred: preferredLanguages) ?? found[0], announce: false) }
        }
    }

    /// One line of the CC menu: off (`languageID` nil) or a language, and whether it is the one showing.
    public struct Choice: Equatable {
        public var languageID: String?
        public var title: String
        public var isSelected: Bool
    }

    /// What CC offers when the post has more than one language: Off, then each language (a
    /// track made by speech recognition says so); nil when CC only turns them on and off.
    public var menu: [Choice]? {
        guard tracks.count > 1 else { return nil }
        // TRANSLATORS: in the CC menu: no captions.
        let off = Choice(languageID: nil, title: tr("Off"), isSelected: !isOn)
        return [off] + tracks.map { track in
            let label = ShownText.visible(track.label)
            // TRANSLATORS: a caption language made by speech recognition; {language} is its name.
            return Choice(languageID: track.languageID,
                          title: track.isAutomatic ? tr("{language} (automatic)", ["language": label]) : label,
                          isSelected: isOn && self.track?.languageID == track.languageID)
        }
    }

    /// The CC menu's choice: off, or a language.
    public func choose(_ choice: Choice) {
        if let id = choice.languageID { choose(languageID: id) } else if isOn { toggle() }
    }

    /// CC: captions on or off, remembered.
    public func toggle() {
        isOn.toggle()
        let on = isOn
        try? deps.preferences.update { $0.captionsShown = on }
        if isOn, let first = CaptionTrack.best(of: tracks, preferred: preferredLanguages) ?? tracks.first {
            choose(first, announce: false)
        } else {
            clearTrack()
        }
        say()
        onChange?(.choice)
    }

    /// Another language from the menu (captions go on if they were off).
    public func choose(languageID: String) {
        guard let wanted = tracks.first(where: { $0.languageID == languageID }) else { return }
        try? deps.preferences.update {
            $0.captionsShown = true
            $0.captionsLanguage = languageID
        }
        isOn = true
        choose(wanted, announce: true)
        onChange?(.choice)
    }

    /// The language last picked from the menu, then the user's own.
    private var preferredLanguages: [String] {
        let picked = deps.preferences.load().captionsLanguage
        return picked.isEmpty ? deps.languages : [picked] + deps.languages
    }

    private func choose(_ chosen: CaptionTrack, announce: Bool) {
        guard chosen != track || cues == nil else { return }
        clearTrack()
        track = chosen
        if announce { say() }
        cuesRequest = deps.reader.captions(chosen) { [weak self] result in
            guard let self else { return }
            cuesRequest = nil
            switch result {
            case .success(let read):
                cues = read
                tick()
            case .failure(let failure):
                // TRANSLATORS: over the video when its captions can't be had; {reason} says why.
                onChange?(.failed(tr("The captions could not be loaded. {reason}", ["reason": failure.description])))
            }
        }
    }

    private func tick() {
        ticking = nil
        guard let cues else { return }
        let now = cues.text(at: position?() ?? 0)
        if now != text {
            text = now
            onChange?(.text(now))
        }
        ticking = deps.timers.after(milliseconds: Self.tickMilliseconds) { [weak self] in self?.tick() }
    }

    private func clearTrack() {
        cuesRequest?.cancel()
        cuesRequest = nil
        ticking?.cancel()
        ticking = nil
        cues = nil
        track = nil
        if text != nil {
            text = nil
            onChange?(.text(nil))
        }
    }

    private func say() {
        guard let post else { return }
        deps.events?.emit(.captions(postID: post.id, language: isOn ? track?.languageID : nil, shown: isOn))
    }
}
