import GLibKit
import GtkKit
import Localization

/// A message with Undo over the feed (Not interested, Hide this creator), gone after 6 s.
@MainActor
final class UndoToast {
    let root = Box(.horizontal, spacing: 12)
    private let message = Label()
    private let undo = Button(label: tr("Undo"))
    private var timer: SourceHandle?
    private var action: (() -> Void)?

    init() {
        root.addCSSClass("undo-toast")
        root.setAlign(horizontal: .center, vertical: .end)
        root.setMargins(bottom: 96)
        root.isVisible = false
        message.setWrap(true)
        message.setMaxWidthChars(30)
        undo.addCSSClass("undo-toast-button")
        undo.onClicked { [weak self] in
            let action = self?.action
            self?.hide()
            action?()
        }
        root.append(message)
        root.append(undo)
    }

    func show(_ text: String, undoLabel: String, undo action: @escaping () -> Void) {
        message.text = text
        undo.setAccessibleLabel(undoLabel)
        self.action = action
        root.isVisible = true
        timer?.cancel()
        timer = MainLoop.after(milliseconds: 6_000) { [weak self] in self?.hide() }
    }

    func hide() {
        timer?.cancel()
        timer = nil
        action = nil
        root.isVisible = false
    }
}
