import FeedCore
import Foundation
import GtkKit
import Localization

/// A list of people or channels (Discover's People and Channels): avatar, name, handle and a
/// line about them, each a button that opens their page.
@MainActor
final class PersonList {
    struct Person: Equatable {
        var name: String
        /// "@name" or "@name@host".
        var handle: String
        /// Followers, or what they are (a PeerTube channel, a Loops profile).
        var detail: String
        var avatarFile: String?
        var avatarAddress: String?
    }

    let root = Box(.vertical, spacing: 0)
    private let heading = Label()
    private let rows = Box(.vertical, spacing: 0)
    private var buttons: [Button] = []
    private let images: (any WebImageFetching)?
    var onOpen: ((Int) -> Void)?

    init(title: String, images: (any WebImageFetching)?) {
        self.images = images
        heading.text = title
        heading.addCSSClass("discover-heading")
        heading.setXAlign(0)
        root.append(heading)
        root.append(rows)
        root.isVisible = false
    }

    func show(_ people: [Person]) {
        for button in buttons { rows.remove(button) }
        buttons = people.enumerated().map { index, person in
            let row = Box(.horizontal, spacing: 10)
            let avatar = Image(file: person.avatarFile, pixelSize: 40)
            if person.avatarFile == nil { avatar.setIconName("avatar-default-symbolic") }
            avatar.addCSSClass("comment-avatar")
            avatar.setOverflowHidden()
            // Centred, not stretched to the row's three lines: the circle stays round.
            avatar.setAlign(vertical: .center)
            if let address = person.avatarAddress {
                images?.image(at: address) { [weak avatar] file in
                    if let file { avatar?.setFile(file.path) }
                }
            }
            let text = Box(.vertical, spacing: 1)
            text.setExpand(horizontal: true, vertical: false)
            let name = Label(ShownText.visible(person.name))
            name.addCSSClass("person-name")
            name.setXAlign(0)
            name.setEllipsizeEnd()
            let handle = Label(person.handle)
            handle.addCSSClass("person-handle")
            handle.setXAlign(0)
            handle.setEllipsizeEnd()
            text.append(name)
            text.append(handle)
            if !person.detail.isEmpty {
                let detail = Label(person.detail)
                detail.addCSSClass("person-handle")
                detail.setXAlign(0)
                detail.setEllipsizeEnd()
                text.append(detail)
            }
            row.append(avatar)
            row.append(text)
            let button = Button(child: row)
            button.setHasFrame(false)
            button.addCSSClass("person-row")
            // TRANSLATORS: a person or channel in Discover's results, for screen readers.
            button.setAccessibleLabel(tr("{name}, {handle}: open their page", ["name": ShownText.isolated(person.name), "handle": person.handle]))
            button.onClicked { [weak self] in self?.onOpen?(index) }
            rows.append(button)
            return button
        }
        root.isVisible = !people.isEmpty
    }
}
