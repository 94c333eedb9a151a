import GtkKit

/// What a grid tile shows until (or instead of) its still: a neutral shade with the video's
/// title, never an empty coloured box (issue 21 #9: a web video never downloaded was a blank
/// brown tile).
@MainActor
final class TilePlaceholder {
    let root = Box(.vertical)
    private let title = Label()

    init(_ text: String) {
        root.addCSSClass("tile-placeholder")
        root.setExpand(horizontal: true, vertical: true)
        root.canTarget = false
        title.text = text
        title.addCSSClass("tile-placeholder-title")
        title.setWrap(true, maxLines: 4)
        title.setEllipsizeEnd()
        title.setXAlign(0)
        title.setAlign(horizontal: .fill, vertical: .center)
        title.setExpand(horizontal: true, vertical: true)
        root.append(title)
    }

    /// The still is over it now: its title is no text anyone sees, so it goes (the shade stays,
    /// keeping the tile's size).
    func covered() {
        title.isVisible = false
    }
}
