import Localization

/// Every keyboard shortcut, once: the window's key handling looks keys up here and the
/// shortcuts window lists this table, so the two cannot drift apart.
public enum ShortcutAction: String, Sendable, CaseIterable {
    case nextVideo, previousVideo, firstVideo, playPause, like, share, comments, search
    case switchFeed, whyThisVideo, notInterested, hideCreator
    case record, next, post
    case seekBack, seekForward, volumeUp, volumeDown, mute, captions, fullscreen, leave
    case addFiles, addFolder, addFeed, pasteAddress, following, preferences, showShortcuts, quit
}

/// One shortcut: the keys (GTK accelerator syntax: "Down", "j", "<Control>f"), what it does and
/// what the shortcuts window calls it.
public struct Shortcut: Sendable, Equatable {
    public enum Section: String, Sendable, CaseIterable {
        case feed, recording, playback, application

        public var title: String {
            switch self {
            // TRANSLATORS: a section of the keyboard shortcuts window.
            case .feed: tr("Feed")
            // TRANSLATORS: a section of the keyboard shortcuts window.
            case .recording: tr("Recording")
            // TRANSLATORS: a section of the keyboard shortcuts window.
            case .playback: tr("Playback")
            // TRANSLATORS: a section of the keyboard shortcuts window.
            case .application: tr("Application")
            }
        }
    }

    public let action: ShortcutAction
    public let keys: [String]
    public let section: Section

    /// Whether it is a GApplication action with accelerators (works while typing), rather than
    /// a single key that must never fire while text has focus.
    /// Application accelerators fire wherever the focus is; Post and paste are the window's own
    /// keys, because a text field must keep Ctrl+Enter and Ctrl+V.
    public var isAccelerator: Bool { keys.allSatisfy { $0.hasPrefix("<") } && action != .post && action != .pasteAddress }

    public var title: String {
        switch action {
        case .nextVideo: tr("Next video")
        case .previousVideo: tr("Previous video")
        case .firstVideo: tr("First video")
        case .playPause: tr("Play or pause")
        case .like: tr("Like or unlike")
        case .share: tr("Share: copy the video or its link, show it in Files")
        case .comments: tr("Comments")
        case .search: tr("Search")
        // TRANSLATORS: the shortcut that switches Home between For You and Following.
        case .switchFeed: tr("For You or Following")
        case .whyThisVideo: tr("Why this video?")
        case .notInterested: tr("Not interested (For You shows fewer like it)")
        case .hideCreator: tr("Hide this creator from For You")
        case .record: tr("Hold to record (with the timer: start or stop)")
        case .next: tr("Next: join the segments, then the posting page")
        // TRANSLATORS: the shortcut that posts the video (the verb).
        case .post: tr("Post")
        case .seekBack: tr("Back a few seconds")
        case .seekForward: tr("On a few seconds")
        case .volumeUp: tr("Louder")
        case .volumeDown: tr("Quieter")
        case .mute: tr("Mute or unmute")
        // TRANSLATORS: the shortcut that shows or hides a network's captions over its video.
        case .captions: tr("Captions on or off")
        case .fullscreen: tr("Fullscreen")
        case .leave: tr("Close, go back or leave fullscreen")
        case .addFiles: tr("Add videos from files")
        case .addFolder: tr("Add a folder of videos")
        case .addFeed: tr("Follow a feed or channel")
        case .following: tr("What you follow")
        case .pasteAddress: tr("Follow the web address on the clipboard")
        case .preferences: tr("Preferences")
        case .showShortcuts: tr("Keyboard shortcuts")
        case .quit: tr("Quit")
        }
    }

    /// The keys as the shortcuts window draws them: the keypad's twins and `=` (the + key
    /// unshifted) work too, but + and - once each keep the window's column narrow.
    public var shownKeys: [String] {
        let unshown: Set<String> = ["equal", "KP_Add", "KP_Subtract"]
        return keys.filter { key in !unshown.contains(where: { key == $0 || key.hasSuffix(">" + $0) }) }
    }

    /// The keys named in words where their glyph is too small to read on a keycap (a comma looks
    /// like a full stop there); nil when the keycaps say it.
    public var keysInWords: String? {
        let named: [(key: String, word: String)] = [
            // TRANSLATORS: the name of the comma key, under a shortcut that uses it ("Ctrl and the comma key").
            ("comma", tr("the comma key")),
            // TRANSLATORS: the name of the full stop (period) key, under a shortcut that uses it.
            ("period", tr("the full stop key")),
            // TRANSLATORS: the name of the semicolon key, under a shortcut that uses it.
            ("semicolon", tr("the semicolon key")),
        ]
        for key in keys {
            guard let (_, word) = named.first(where: { key.hasSuffix(">" + $0.key) || key == $0.key }) else { continue }
            // TRANSLATORS: a shortcut's keys in words; {key} is a key's name ("the comma key").
            return key.hasPrefix("<Control>") ? tr("Ctrl and {key}", ["key": word]) : word
        }
        return nil
    }
}

public enum Shortcuts {
    public static let all: [Shortcut] = [
        Shortcut(action: .nextVideo, keys: ["Down", "j", "Page_Down"], section: .feed),
        Shortcut(action: .previousVideo, keys: ["Up", "k", "Page_Up"], section: .feed),
        Shortcut(action: .firstVideo, keys: ["Home"], section: .feed),
        Shortcut(action: .playPause, keys: ["space"], section: .feed),
        Shortcut(action: .like, keys: ["l"], section: .feed),
        Shortcut(action: .share, keys: ["s"], section: .feed),
        Shortcut(action: .comments, keys: ["c"], section: .feed),
        Shortcut(action: .search, keys: ["<Control>f"], section: .feed),
        Shortcut(action: .switchFeed, keys: ["t"], section: .feed),
        Shortcut(action: .whyThisVideo, keys: ["w"], section: .feed),
        Shortcut(action: .notInterested, keys: ["n"], section: .feed),
        Shortcut(action: .hideCreator, keys: ["h"], section: .feed),
        Shortcut(action: .record, keys: ["r"], section: .recording),
        Shortcut(action: .next, keys: ["Return", "KP_Enter"], section: .recording),
        Shortcut(action: .post, keys: ["<Control>Return", "<Control>KP_Enter"], section: .recording),
        Shortcut(action: .seekBack, keys: ["Left"], section: .playback),
        Shortcut(action: .seekForward, keys: ["Right"], section: .playback),
        Shortcut(action: .volumeUp, keys: ["plus", "equal", "KP_Add"], section: .playback),
        Shortcut(action: .volumeDown, keys: ["minus", "KP_Subtract"], section: .playback),
        Shortcut(action: .mute, keys: ["m"], section: .playback),
        Shortcut(action: .captions, keys: ["v"], section: .playback),
        Shortcut(action: .fullscreen, keys: ["f", "F11"], section: .playback),
        Shortcut(action: .leave, keys: ["Escape"], section: .playback),
        Shortcut(action: .addFiles, keys: ["<Control>o"], section: .application),
        Shortcut(action: .addFolder, keys: ["<Control><Shift>o"], section: .application),
        Shortcut(action: .addFeed, keys: ["<Control>l"], section: .application),
        Shortcut(action: .following, keys: ["<Control><Shift>l"], section: .application),
        Shortcut(action: .pasteAddress, keys: ["<Control>v"], section: .application),
        Shortcut(action: .preferences, keys: ["<Control>comma"], section: .application),
        Shortcut(action: .showShortcuts, keys: ["<Control>question", "<Control><Shift>slash"], section: .application),
        Shortcut(action: .quit, keys: ["<Control>q"], section: .application),
    ]

    public static func shortcut(for action: ShortcutAction) -> Shortcut {
        all.first { $0.action == action }!
    }

    /// The action of a pressed key: its GDK name and whether Control, Alt or Shift are held.
    /// Shift is part of the key for letters ("L" is not "l"), so only Control and Alt change which
    /// shortcut matches, except where a shortcut names Shift itself.
    public static func action(forKey name: String, control: Bool, alt: Bool, shift: Bool = false) -> ShortcutAction? {
        for shortcut in all {
            for key in shortcut.keys {
                let parsed = Accelerator(key)
                guard parsed.name == name, parsed.control == control, parsed.alt == alt else { continue }
                if parsed.shift && !shift { continue }
                return shortcut.action
            }
        }
        return nil
    }

    /// The table by section, in the order the shortcuts window shows them.
    public static var sections: [(section: Shortcut.Section, shortcuts: [Shortcut])] {
        Shortcut.Section.allCases.map { section in (section, all.filter { $0.section == section }) }
    }
}

/// An accelerator string split into its key name and modifiers.
struct Accelerator: Equatable {
    let name: String
    let control: Bool
    let alt: Bool
    let shift: Bool

    init(name: String, control: Bool, alt: Bool, shift: Bool) {
        self.name = name
        self.control = control
        self.alt = alt
        self.shift = shift
    }

    init(_ text: String) {
        var rest = Substring(text)
        var control = false, alt = false, shift = false
        while rest.hasPrefix("<"), let close = rest.firstIndex(of: ">") {
            switch rest[rest.index(after: rest.startIndex)..<close].lowercased() {
            case "control", "ctrl", "primary": control = true
            case "alt", "mod1": alt = true
            case "shift": shift = true
            default: break
            }
            rest = rest[rest.index(after: close)...]
        }
        name = String(rest)
        self.control = control
        self.alt = alt
        self.shift = shift
    }
}
