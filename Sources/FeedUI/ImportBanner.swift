import GLibKit
import GtkKit
import Localization

/// The import's line at the top of the window, above every page: "Adding videos: 12 of 340",
/// a bar and Cancel while it runs, then what came of it for a few seconds.
@MainActor
final class ImportBanner {
    private let row = BannerRow(cancel: Button(label: tr("Cancel")))
    private var hideTimer: SourceHandle?
    private var pulseTimer: SourceHandle?

    var onCancel: (() -> Void)?
    var root: Widget { row.root }

    init() {
        row.cancel.tooltip = tr("Stop adding videos (what was added stays)")
        row.cancel.onClicked { [weak self] in self?.onCancel?() }
    }

    /// Running: `text`, with the bar at `fraction` (moving back and forth while nil).
    func showProgress(_ text: String, fraction: Double?) {
        hideTimer?.cancel()
        row.show(text, canCancel: true, showsBar: true)
        if let fraction {
            pulseTimer?.cancel()
            pulseTimer = nil
            row.bar.fraction = fraction
        } else if pulseTimer == nil {
            pulseTimer = MainLoop.every(milliseconds: 150) { [weak self] in
                self?.row.bar.pulse()
                return true
            }
        }
    }

    /// Ended: `message` for a while, then nothing.
    func showResult(_ message: String) {
        pulseTimer?.cancel()
        pulseTimer = nil
        row.show(message, canCancel: false, showsBar: false)
        hideTimer?.cancel()
        hideTimer = MainLoop.after(milliseconds: 6000) { [weak self] in self?.row.root.isVisible = false }
    }
}
