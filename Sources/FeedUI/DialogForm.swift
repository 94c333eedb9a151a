import GtkKit

/// The small settings-like dialogs (Preferences, Following, Follow a feed): one column with
/// the same margins and look, and their wrapped, left-aligned lines of text.
@MainActor
enum DialogForm {
    /// A dialog over `parent` and the column to fill (already its child).
    static func make(title: String, parent: Window, width: Int32) -> (DialogWindow, Box) {
        let dialog = DialogWindow(title: title, parent: parent)
        dialog.setDefaultSize(width: width, height: -1)
        let form = Box(.vertical, spacing: 10)
        form.addCSSClass("preferences")
        form.setMargins(top: 18, bottom: 18, start: 18, end: 18)
        dialog.setChild(form)
        return (dialog, form)
    }

    /// The same, scrolling past `maximumHeight` (a long form on a small screen).
    static func makeScrolling(title: String, parent: Window, width: Int32, maximumHeight: Int) -> (DialogWindow, Box) {
        let dialog = DialogWindow(title: title, parent: parent)
        dialog.setDefaultSize(width: width, height: -1)
        let form = Box(.vertical, spacing: 10)
        form.addCSSClass("preferences")
        form.setMargins(top: 18, bottom: 18, start: 18, end: 18)
        let scroller = ScrolledWindow()
        scroller.setPolicy(horizontal: false, vertical: true)
        scroller.growVertically(upTo: maximumHeight)
        scroller.setChild(form)
        dialog.setChild(scroller)
        return (dialog, form)
    }

    /// A wrapped line of text; `dim` for an explanation under a heading.
    static func paragraph(_ text: String = "", dim: Bool = false) -> Label {
        let label = Label(text)
        label.setWrap(true)
        label.setXAlign(0)
        if dim { label.addCSSClass("dim-label") }
        return label
    }
}
