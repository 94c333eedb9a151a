import GLibKit
import GtkKit
import Localization

/// The import's line at the top of the window, above every page: "Adding videos: 12 of 340",
/// a bar and Cancel while it runs, then what came of it for a few seconds.
@MainActor
final class ImportBanner {
    let root = Box(.vertical, spacing: 6)
    private let label = Label()
    private let bar = ProgressBar()
    private let cancel = Button(label: tr("Cancel"))
    private var hideTimer: SourceHandle?
    private var pulseTimer: SourceHandle?

    var onCancel: (() -> Void)?

    init() {
        root.addCSSClass("import-banner")
        root.setAlign(horizontal: .fill, vertical: .start)
        let row = Box(.horizontal, spacing: 10)
        label.setWrap(true, maxLines: 3)
        label.setXAlign(0)
        label.setExpand(horizontal: true, vertical: false)
        row.append(label)
        cancel.tooltip = tr("Stop adding videos (what was added stays)")
        cancel.onClicked { [weak self] in self?.onCancel?() }
        row.append(cancel)
        root.append(row)
        root.append(bar)
        root.isVisible = false
    }

    /// Running: `text`, with the bar at `fraction` (moving back and forth while nil).
    func showProgress(_ text: String, fraction: Double?) {
        hideTimer?.cancel()
        label.text = text
        cancel.isVisible = true
        bar.isVisible = true
        if let fraction {
            pulseTimer?.cancel()
            pulseTimer = nil
            bar.fraction = fraction
        } else if pulseTimer == nil {
            pulseTimer = MainLoop.every(milliseconds: 150) { [weak self] in
                self?.bar.pulse()
                return true
            }
        }
        root.isVisible = true
    }

    /// Ended: `message` for a while, then nothing.
    func showResult(_ message: String) {
        pulseTimer?.cancel()
        pulseTimer = nil
        label.text = message
        cancel.isVisible = false
        bar.isVisible = false
        root.isVisible = true
        hideTimer?.cancel()
        hideTimer = MainLoop.after(milliseconds: 6000) { [weak self] in self?.root.isVisible = false }
    }
}
