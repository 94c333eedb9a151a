import FeedCore
import GtkKit
import Localization

/// The sound button at the top-left of the video and the volume slider beside it. The button
/// mutes and unmutes (M does too) and stays as the sound-off mark while the sound is off; the
/// slider shows with the other controls (`PlayerChrome`). Neither is a Tab stop: M, + and -
/// work from anywhere. What a change does is `FeedSound`'s.
@MainActor
final class SoundControl {
    let root = Box(.horizontal, spacing: 6)
    private let icon = Image(iconName: "audio-volume-high-symbolic", pixelSize: 20)
    private let button: Button
    private let slider = Scale(minimum: 0, maximum: 1, step: 0.05)
    private let motion = MotionController()

    var onToggleMute: (() -> Void)?
    var onVolume: ((Double) -> Void)?
    /// The pointer is on the control (the controls stay while it is).
    var onPointer: ((Bool) -> Void)?

    init() {
        root.addCSSClass("sound-control")
        root.setAlign(horizontal: .start, vertical: .start)
        root.setMargins(top: 14, start: 14)
        button = Button(child: icon)
        button.setHasFrame(false)
        button.addCSSClass("sound-button")
        button.canFocus = false
        button.onClicked { [weak self] in self?.onToggleMute?() }
        slider.addCSSClass("volume-slider")
        slider.addCSSClass("player-control")
        slider.canFocus = false
        slider.setSizeRequest(width: 96, height: -1)
        slider.setAlign(vertical: .center)
        // TRANSLATORS: for screen readers, the slider beside the sound button.
        slider.setAccessibleLabel(tr("Volume"))
        slider.onUserChange { [weak self] volume in self?.onVolume?(volume) }
        root.append(button)
        root.append(slider)
        motion.onEnter { [weak self] _, _ in self?.onPointer?(true) }
        motion.onLeave { [weak self] in self?.onPointer?(false) }
        root.addController(motion)
    }

    func show(_ level: SoundLevel) {
        icon.setIconName(Self.iconName(level))
        slider.value = level.volume
        // TRANSLATORS: the volume slider's value for screen readers; {percent} is 0 to 100.
        slider.setAccessibleValueText(tr("{percent}%", ["percent": level.percent]))
        if level.isSilent {
            button.setAccessibleLabel(tr("Sound off"))
            button.tooltip = tr("Turn the sound on (M)")
        } else {
            button.setAccessibleLabel(tr("Sound on"))
            button.tooltip = tr("Mute (M)")
        }
    }

    /// `button`: the sound button shows (with the controls, or as the sound-off mark);
    /// `slider`: the volume slider beside it.
    func setShown(button shown: Bool, slider sliderShown: Bool) {
        button.setCSSClass("shown", shown)
        button.canTarget = shown
        slider.setCSSClass("shown", sliderShown)
        slider.canTarget = sliderShown
    }

    private static func iconName(_ level: SoundLevel) -> String {
        if level.isSilent { return "audio-volume-muted-symbolic" }
        if level.volume < 0.34 { return "audio-volume-low-symbolic" }
        return level.volume < 0.67 ? "audio-volume-medium-symbolic" : "audio-volume-high-symbolic"
    }
}
