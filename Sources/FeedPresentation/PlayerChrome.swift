public import FeedCore

/// What shows over the video besides the video: the post's details (rail, caption, music line),
/// the progress bar, the volume control and the sound-off mark. Fullscreen is the video alone.
/// The controls show while the pointer moves over the page (and for a moment after it stops),
/// rests on a control, or the keyboard is in them; the progress bar also while paused; the
/// sound-off mark for as long as the sound is off, fullscreen too. Otherwise they are out of the
/// way. How they come and go (a fade, or at once with reduced motion) is the view's.
@MainActor
public final class PlayerChrome {
    public struct Shown: Equatable, Sendable {
        /// The rail, caption and music line.
        public var info = true
        public var progress = false
        /// The volume slider (and the sound button beside it).
        public var volume = false
        /// The sound button, showing the sound is off.
        public var muteMark = false

        public init(info: Bool = true, progress: Bool = false, volume: Bool = false, muteMark: Bool = false) {
            self.info = info
            self.progress = progress
            self.volume = volume
            self.muteMark = muteMark
        }
    }

    /// How long the controls stay after the pointer stops moving (or a key showed them).
    public static let lingerMilliseconds: UInt32 = 2_500

    public private(set) var shown = Shown()
    public var onChange: ((Shown) -> Void)?

    private let timers: Timers
    private var fullscreen = false
    private var paused = false
    private var silent = false
    /// The pointer moved over the page lately (or a key asked to see the controls).
    private var stirred = false
    private var pointerOnControls = false
    private var keyboardInControls = false
    private var scrubbing = false
    private var linger: TimerToken?

    public init(timers: Timers) { self.timers = timers }

    public func setFullscreen(_ on: Bool) { update { $0.fullscreen = on } }
    public func setPaused(_ on: Bool) { update { $0.paused = on } }
    /// The sound is off (muted, or at no volume).
    public func setSilent(_ on: Bool) { update { $0.silent = on } }
    public func setPointerOnControls(_ on: Bool) { update { $0.pointerOnControls = on } }
    public func setKeyboardInControls(_ on: Bool) { update { $0.keyboardInControls = on } }
    /// A drag along the progress bar is under way.
    public func setScrubbing(_ on: Bool) { update { $0.scrubbing = on } }

    /// The pointer moved over the page, or a key changed what the controls show (Left, Right,
    /// + and -): they show, for `lingerMilliseconds` from now.
    public func stir() {
        linger?.cancel()
        linger = timers.after(milliseconds: Self.lingerMilliseconds) { [weak self] in
            self?.update { $0.stirred = false }
        }
        update { $0.stirred = true }
    }

    /// The pointer left the page: the controls go (unless the keyboard is in them).
    public func pointerLeft() {
        linger?.cancel()
        update {
            $0.stirred = false
            $0.pointerOnControls = false
        }
    }

    private func update(_ change: (PlayerChrome) -> Void) {
        change(self)
        let active = !fullscreen && (stirred || pointerOnControls || keyboardInControls || scrubbing)
        let next = Shown(info: !fullscreen, progress: active || (!fullscreen && paused), volume: active,
                         muteMark: silent)
        guard next != shown else { return }
        shown = next
        onChange?(next)
    }
}
