import FeedCore
import FeedPresentation
import Foundation
import GtkKit
import Localization

/// The last step of the recorder: caption (with #hashtags and @mentions), a cover frame,
/// "Allow comments" and "Save a copy to ~/Videos", where it goes (this computer only, or also a
/// signed-in account's PeerTube channel, with its privacy, or Loops account), then Post (or
/// Ctrl+Enter).
@MainActor
final class PostingPage: PostingView {
    let root = Box(.vertical, spacing: 12)
    /// Everything but Post, which stays in sight: at 360x640 the controls are taller than the
    /// window, so they scroll up and down.
    private let content = Box(.vertical, spacing: 8)
    var onBack: (() -> Void)?
    var onPost: ((PostingChoices) -> Void)?

    /// Several lines: the first is a PeerTube video's title, the rest its description.
    private let caption = TextView()
    private let captionPlaceholder = Label(tr("Describe your video… #hashtags @mentions"))
    private let coverStrip = Box(.horizontal, spacing: 4)
    private let coverHint = Label(tr("Making cover frames…"))
    private let chosenCover = Picture()
    private let allowComments = Switch(active: true)
    private let saveCopy = Switch()
    private let message = Label()
    private let destinationBox = Box(.vertical, spacing: 6)
    // TRANSLATORS: the posting page's choice of where the video goes.
    private let destinationChips = ChipGroup(label: tr("Post to"), mode: .choice, stacked: true)
    // TRANSLATORS: who may see a video posted to a channel.
    private let privacyChips = ChipGroup(label: tr("Who can see it"), mode: .choice)
    private var channels: [UploadChannel] = []
    private static let privacies: [(UploadPrivacy, String)] = [
        (.public, tr("Public")), (.unlisted, tr("Unlisted")), (.private, tr("Private")),
    ]
    // TRANSLATORS: the button that posts the video (the verb).
    private let postButton = Button(label: tr("Post"))
    private var coverButtons: [Button] = []
    private var coverIndex: Int?
    private(set) var isBusy = false

    init(copyFolderName: String) {
        root.addCSSClass("posting-page")
        let scroller = ScrolledWindow()
        scroller.setPolicy(horizontal: false, vertical: true)
        scroller.setChild(content)
        scroller.setExpand(vertical: true)
        root.append(scroller)
        let header = Box(.horizontal, spacing: 8)
        let back = Button(iconName: "go-previous-symbolic")
        back.setHasFrame(false)
        back.setAccessibleLabel(tr("Back to editing"))
        back.tooltip = tr("Back")
        back.onClicked { [weak self] in self?.onBack?() }
        // TRANSLATORS: the title of the recorder's posting page.
        let title = Label(tr("Post"))
        title.addCSSClass("inbox-title")
        title.setExpand(horizontal: true)
        header.append(back)
        header.append(title)
        content.append(header)

        let top = Box(.horizontal, spacing: 10)
        chosenCover.setSizeRequest(width: 90, height: 160)
        chosenCover.setFit(.cover)
        chosenCover.addCSSClass("inbox-thumbnail")
        // TRANSLATORS: the picture people see for a video in grids.
        chosenCover.setAccessibleLabel(tr("Cover"))
        // Beside the cover: the caption, then the cover's title and hint over the frames below
        // (in the cover's height, so the page is short enough for 360x640 with one account).
        let side = Box(.vertical, spacing: 8)
        side.setExpand(horizontal: true)
        side.append(buildCaption())
        // TRANSLATORS: the picture people see for a video in grids.
        let coverTitle = Label(tr("Cover"))
        coverTitle.addCSSClass("sheet-title")
        coverTitle.setXAlign(0)
        side.append(coverTitle)
        coverHint.addCSSClass("comment-time")
        coverHint.setXAlign(0)
        coverHint.setWrap(true)
        side.append(coverHint)
        top.append(chosenCover)
        top.append(side)
        content.append(top)
        let coverScroller = ScrolledWindow()
        coverScroller.setPolicy(horizontal: true, vertical: false)
        coverScroller.setChild(coverStrip)
        coverScroller.setSizeRequest(width: -1, height: 100)
        content.append(coverScroller)

        content.append(switchRow(tr("Allow comments"), allowComments))
        // TRANSLATORS: {folder} is where the copy goes, like “~/Videos”.
        content.append(switchRow(tr("Save a copy to {folder}", ["folder": copyFolderName]), saveCopy))
        buildDestinations()

        message.addCSSClass("composer-message")
        message.setWrap(true)
        message.setXAlign(0)
        message.isVisible = false
        content.append(message)
        postButton.addCSSClass("suggested-action")
        postButton.addCSSClass("post-button")
        postButton.tooltip = tr("Post (Ctrl+Enter)")
        postButton.setAccessibleLabel(tr("Post the video"))
        postButton.onClicked { [weak self] in self?.post() }
        root.append(postButton)
    }

    /// The caption field: Enter starts a new line (it never posts: an Enter held from the editor,
    /// or one pressed to finish a thought, must not post a half-written caption); Ctrl+Enter or
    /// Post posts. It grows with the text up to a few lines, then scrolls.
    private func buildCaption() -> Widget {
        caption.addCSSClass("form-text")
        caption.setAccessibleLabel(tr("Caption"))
        caption.tooltip = tr("Enter starts a new line; the first line is the title. Ctrl+Enter posts")
        caption.limitCharacters(to: 2_000) { _ in }
        caption.onChanged { [weak self] in self?.captionPlaceholder.isVisible = self?.caption.text.isEmpty ?? true }
        let keys = KeyController()
        keys.onKeyPressed { [weak self] key in
            guard key.name == "Return" || key.name == "KP_Enter", key.modifiers.contains(.control) else { return false }
            self?.post()
            return true
        }
        caption.addController(keys)
        let scroller = ScrolledWindow()
        scroller.setExternalVerticalScrolling()
        scroller.growVertically(upTo: 150)
        scroller.setChild(caption)
        let field = Overlay()
        field.setExpand(horizontal: true)
        field.setAlign(vertical: .start)
        field.setChild(scroller)
        captionPlaceholder.addCSSClass("composer-placeholder")
        captionPlaceholder.setAlign(horizontal: .start, vertical: .start)
        captionPlaceholder.setMargins(top: 8)
        captionPlaceholder.canTarget = false
        field.addOverlay(captionPlaceholder)
        return field
    }

    private func buildDestinations() {
        let title = Label(tr("Post to"))
        title.addCSSClass("sheet-title")
        title.setXAlign(0)
        destinationBox.append(title)
        destinationBox.append(destinationChips.root)
        destinationBox.append(privacyChips.root)
        privacyChips.show(Self.privacies.map { ChipGroup.Chip(text: $0.1) }, selected: [0])
        privacyChips.root.isVisible = false
        destinationChips.onPress = { [weak self] index in self?.showPrivacy(for: index) }
        destinationBox.isVisible = false
        content.append(destinationBox)
    }

    /// The signed-in accounts' channels, after "This computer only"; none hides the choice.
    func setDestinations(_ channels: [UploadChannel]) {
        let chosen = destinationChips.selected.min().flatMap { $0 > 0 && self.channels.indices.contains($0 - 1)
            ? self.channels[$0 - 1] : nil }
        self.channels = channels
        // TRANSLATORS: the posting page's destination that keeps the video on this computer.
        let chips = [ChipGroup.Chip(text: tr("This computer only"))] + channels.map { channel in
            channel.asksPrivacy
                // TRANSLATORS: a channel to post to, then the account ("Ana's videos · ana@tube.example").
                ? ChipGroup.Chip(text: tr("{channel} · {account}", ["channel": channel.displayName, "account": channel.accountHandle]),
                                 accessibleLabel: tr("Post to {channel} of {account}",
                                                     ["channel": channel.displayName, "account": channel.accountHandle]))
                // TRANSLATORS: a Loops account to post to ("Loops · ana@loops.example").
                : ChipGroup.Chip(text: tr("Loops · {account}", ["account": channel.accountHandle]),
                                 accessibleLabel: tr("Post to the Loops account {account}", ["account": channel.accountHandle]))
        }
        let index = chosen.flatMap { old in channels.firstIndex(of: old).map { $0 + 1 } } ?? 0
        destinationChips.show(chips, selected: [index])
        showPrivacy(for: index)
        destinationBox.isVisible = !channels.isEmpty
    }

    /// Who can see it is asked of a PeerTube channel only (Loops' videos are public).
    private func showPrivacy(for index: Int) {
        privacyChips.root.isVisible = index > 0 && channels.indices.contains(index - 1) && channels[index - 1].asksPrivacy
    }

    private var destination: PostingDestination {
        guard let index = destinationChips.selected.min(), index > 0, channels.indices.contains(index - 1) else {
            return .thisComputer
        }
        let privacy = privacyChips.selected.min().map { Self.privacies[$0].0 } ?? .public
        return .channel(channels[index - 1], privacy)
    }

    private func switchRow(_ title: String, _ toggle: Switch) -> Widget {
        let row = Box(.horizontal, spacing: 8)
        let label = Label(title)
        label.setXAlign(0)
        label.setExpand(horizontal: true)
        toggle.setAccessibleLabel(title)
        toggle.setAlign(vertical: .center)
        row.append(label)
        row.append(toggle)
        return row
    }

    /// The page opens: for a new clip the switches take their defaults; coming back from the
    /// editor keeps the caption and whatever was switched.
    func prepare(saveCopyByDefault: Bool) {
        if isNewClip {
            saveCopy.isActive = saveCopyByDefault
            isNewClip = false
        }
        message.isVisible = false
        setBusy(nil)
    }

    private var isNewClip = true

    func reset() {
        caption.text = ""
        isNewClip = true
        allowComments.isActive = true
        destinationChips.select([0])
        privacyChips.select([0])
        privacyChips.root.isVisible = false
        setCovers([])
        coverHint.text = tr("Making cover frames…")
    }

    func focusCaption() { caption.grabFocus() }

    /// Typing began on the editor: the caption takes what was typed, cursor after it.
    func continueCaption(with text: String) {
        caption.text += text
        caption.grabFocus()
        caption.moveCursorToEnd()
    }

    var captionText: String { caption.text }

    /// Frames to choose the cover from (PNG files, in time order); the first is chosen.
    func setCovers(_ frames: [URL]) {
        coverStrip.removeAll()
        coverButtons.removeAll()
        coverIndex = frames.isEmpty ? nil : 0
        coverHint.text = frames.isEmpty ? tr("Making cover frames…") : tr("Pick the frame people see in grids.")
        chosenCover.setFile(path: frames.first?.path)
        for (index, frame) in frames.enumerated() {
            let picture = Picture()
            picture.setFile(path: frame.path)
            picture.setFit(.cover)
            picture.setSizeRequest(width: 54, height: 96)
            let button = Button(child: picture)
            button.addCSSClass("cover-frame")
            // TRANSLATORS: {index} is this frame's place among {count} frames to choose the cover from.
            let name = trn("Cover frame {index} of {count}", "Cover frame {index} of {count}", frames.count,
                           ["index": LocaleNumbers.whole(index + 1)])
            button.setAccessibleLabel(name)
            button.tooltip = name
            button.onClicked { [weak self] in
                self?.chooseCover(index)
                self?.chosenCover.setFile(path: frame.path)
            }
            coverButtons.append(button)
            coverStrip.append(button)
        }
        chooseCover(coverIndex)
    }

    func coverFramesFailed(_ reason: String) {
        coverHint.text = tr("No cover frames ({reason}); the first frame is used.", ["reason": reason])
    }

    private func chooseCover(_ index: Int?) {
        coverIndex = index
        for (i, button) in coverButtons.enumerated() { button.setCSSClass("selected", i == index) }
    }

    /// "Posting… 40 %" while the clip is rendered; nil when done.
    func setBusy(_ text: String?) {
        isBusy = text != nil
        postButton.sensitive = !isBusy
        if let text {
            message.removeCSSClass("composer-message")
            message.addCSSClass("comment-time")
            message.text = text
            message.isVisible = true
        }
    }

    func showError(_ text: String) {
        setBusy(nil)
        message.removeCSSClass("comment-time")
        message.addCSSClass("composer-message")
        message.text = text
        message.isVisible = true
    }

    /// Ctrl+Enter or the button.
    func post() {
        guard !isBusy else { return }
        onPost?(PostingChoices(caption: caption.text.trimmingCharacters(in: .whitespacesAndNewlines),
                               coverIndex: coverIndex, allowsComments: allowComments.isActive,
                               saveCopy: saveCopy.isActive, destination: destination))
    }
}
