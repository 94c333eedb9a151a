import FeedPresentation
import GtkKit
import Localization

/// Preferences → Your interests (InterestsEditor): what For You has learnt, each removable, the
/// switch that pauses learning, and Erase all.
@MainActor
final class InterestsSection {
    let root = Box(.vertical, spacing: 8)
    private let editor: InterestsEditor
    private let list = Box(.vertical, spacing: 4)

    init(editor: InterestsEditor) {
        self.editor = editor
        root.append(PreferencesWindow.heading(tr("Your interests")))
        root.append(DialogForm.paragraph(tr("What For You has learnt from what you watch. It stays on this computer: nothing of it is sent anywhere."), dim: true))
        root.append(list)
        let learnRow = Box(.horizontal, spacing: 8)
        let learnLabel = Label(tr("Learn from what I watch"))
        learnLabel.setExpand(horizontal: true, vertical: false)
        learnLabel.setXAlign(0)
        let learn = Switch(active: editor.isLearning)
        learn.setAccessibleLabel(tr("Learn from what I watch"))
        learn.onToggled { [weak editor] on in editor?.setLearning(on) }
        learnRow.append(learnLabel)
        learnRow.append(learn)
        root.append(learnRow)
        let erase = Button(label: tr("Erase all"))
        erase.addCSSClass("destructive-action")
        erase.setAlign(horizontal: .start)
        erase.setAccessibleLabel(tr("Erase all your interests and watch history"))
        erase.onClicked { [weak self] in
            self?.editor.eraseAll()
            self?.show()
        }
        root.append(erase)
        show()
    }

    func show() {
        list.removeAll()
        let rows = editor.rows()
        if rows.isEmpty {
            let none = Label(tr("Nothing learnt yet."))
            none.setXAlign(0)
            list.append(none)
        }
        for entry in rows {
            let row = Box(.horizontal, spacing: 8)
            let title = Label(entry.title)
            title.setEllipsizeEnd()
            title.setXAlign(0)
            title.setExpand(horizontal: true, vertical: false)
            let kind = Label(entry.kind)
            kind.addCSSClass("dim-label")
            let remove = Button(iconName: "list-remove-symbolic")
            // TRANSLATORS: Your interests' remove button; {interest} is "#snow", a creator's name or a host.
            let forget = tr("Forget {interest}", ["interest": entry.title])
            remove.setAccessibleLabel(forget)
            remove.tooltip = forget
            remove.onClicked { [weak self] in
                self?.editor.remove(entry)
                self?.show()
            }
            row.append(title)
            row.append(kind)
            row.append(remove)
            list.append(row)
        }
    }
}
