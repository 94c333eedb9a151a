import FeedCore
import Foundation
import GtkKit
import Localization

/// Edits your own profile: name, handle, bio and avatar (an image file, copied into the data
/// directory so moving the original later changes nothing). Checked before saving; a problem
/// is shown and nothing typed is lost.
@MainActor
final class ProfileEditor {
    private let dialog: DialogWindow
    private let name = Entry(placeholder: tr("Name"))
    // TRANSLATORS: placeholder of the profile's @handle field (lowercase, as handles are).
    private let handle = Entry(placeholder: tr("handle"))
    private let bio = TextView()
    private let avatar: Image
    private let message = Label()
    private var author: Author
    private var chosenAvatar: String?
    private let repository: FeedRepository
    private let avatars: AvatarStoring
    /// A save waiting for the photo to be copied: a second Save meanwhile does nothing.
    private var saving = false
    /// Cancelled or closed: a photo copy still under way must not save the profile after all.
    private var closed = false
    private var chooser: FileChooser?
    var onSaved: ((Author) -> Void)?
    /// The library or the photo folder refused the change: the sentence the dialog shows.
    var onNotSaved: ((String) -> Void)?

    init(author: Author, parent: Window, repository: FeedRepository, avatars: AvatarStoring, avatarPath: String?) {
        self.author = author
        self.repository = repository
        self.avatars = avatars
        dialog = DialogWindow(title: tr("Edit profile"), parent: parent)
        dialog.setDefaultSize(width: 380, height: -1)
        avatar = Image(file: avatarPath, pixelSize: 72)

        let form = Box(.vertical, spacing: 10)
        form.addCSSClass("profile-editor")
        form.setMargins(top: 18, bottom: 18, start: 18, end: 18)
        avatar.addCSSClass("profile-avatar")
        avatar.setAlign(horizontal: .center)
        avatar.setOverflowHidden()
        let changePhoto = Button(label: tr("Change photo…"))
        changePhoto.setAlign(horizontal: .center)
        changePhoto.onClicked { [weak self] in self?.chooseAvatar() }
        form.append(avatar)
        form.append(changePhoto)
        // TRANSLATORS: the profile's @handle, the name people mention you by.
        let handleTitle = tr("Handle")
        for (caption, field) in [(tr("Name"), name as Widget), (handleTitle, handle as Widget)] {
            let label = Label(caption)
            label.setXAlign(0)
            label.addCSSClass("comment-author")
            form.append(label)
            form.append(field)
        }
        name.text = author.name
        name.setMaxLength(60)
        name.setAccessibleLabel(tr("Name"))
        handle.text = author.handle
        handle.setMaxLength(30)
        handle.setAccessibleLabel(handleTitle)
        // TRANSLATORS: the short text about yourself on your profile.
        let bioTitle = tr("Bio")
        let bioLabel = Label(bioTitle)
        bioLabel.setXAlign(0)
        bioLabel.addCSSClass("comment-author")
        bio.text = author.bio
        bio.addCSSClass("form-text")
        bio.setAccessibleLabel(bioTitle)
        bio.setSizeRequest(width: -1, height: 64)
        // A paste that would go over the limit is cut off as it arrives, and says so.
        bio.limitCharacters(to: TextLimits.bio) { [weak self] _ in
            self?.show(ProfileValidation.Problem.bioTooLong.description)
        }
        form.append(bioLabel)
        form.append(bio)
        message.addCSSClass("composer-message")
        message.setWrap(true)
        message.setXAlign(0)
        message.isVisible = false
        form.append(message)

        let buttons = Box(.horizontal, spacing: 8)
        buttons.setAlign(horizontal: .end)
        let cancel = Button(label: tr("Cancel"))
        cancel.onClicked { [weak self] in self?.close() }
        let save = Button(label: tr("Save"))
        save.addCSSClass("suggested-action")
        save.onClicked { [weak self] in self?.save() }
        buttons.append(cancel)
        buttons.append(save)
        form.append(buttons)
        dialog.setChild(form)
        // The window's own close button is a Cancel too.
        dialog.onCloseRequest { [weak self] in
            self?.closed = true
            return false
        }
    }

    /// The dialog itself (its focus moves are reported as the main window's are).
    var window: DialogWindow { dialog }
    func present() { dialog.present() }
    func close() {
        closed = true
        dialog.close()
    }

    private func chooseAvatar() {
        let chooser = FileChooser(title: tr("Choose a profile photo"), parent: dialog, kind: .images,
                                  labels: .opening(tr("Images")))
        self.chooser = chooser
        chooser.choose { [weak self] path in
            guard let self, let path else { return }
            if let problem = ImageFile.check(path: path) {
                show(tr("That file can’t be used as a photo: {problem}", ["problem": problem]))
                return
            }
            chosenAvatar = path
            avatar.setFile(path)
            message.isVisible = false
        }
    }

    private func show(_ text: String) {
        message.text = text
        message.isVisible = true
    }

    private func save() {
        let newHandle = handle.text.trimmingCharacters(in: .whitespaces).lowercased()
        let newName = name.text.trimmingCharacters(in: .whitespacesAndNewlines)
        let newBio = bio.text.trimmingCharacters(in: .whitespacesAndNewlines)
        let problems = ProfileValidation.check(handle: newHandle, name: newName, bio: newBio)
        guard problems.isEmpty else {
            show(problems.map(\.description).joined(separator: " "))
            return
        }
        guard !saving else { return }
        guard let source = chosenAvatar else {
            store(handle: newHandle, name: newName, bio: newBio, avatarURI: author.avatarURI)
            return
        }
        saving = true
        avatars.keep(URL(fileURLWithPath: source)) { [weak self] kept in
            guard let self, !closed else { return }
            saving = false
            switch kept {
            case .success(let copy):
                chosenAvatar = nil
                author.avatarURI = copy.absoluteString
                store(handle: newHandle, name: newName, bio: newBio, avatarURI: copy.absoluteString)
            case .failure(let error):
                notSaved(tr("Couldn’t save: {error}", ["error": error.description]))
            }
        }
    }

    private func store(handle: String, name: String, bio: String, avatarURI: String?) {
        do {
            let saved = try repository.updateProfile(authorID: author.id, handle: handle, name: name,
                                                     bio: bio, avatarURI: avatarURI)
            author = saved
            onSaved?(saved)
            dialog.close()
        } catch {
            notSaved(tr("Couldn’t save: {error}", ["error": error]))
        }
    }

    /// Said in the dialog, which stays open with what was typed, and told to the window.
    private func notSaved(_ message: String) {
        show(message)
        onNotSaved?(message)
    }
}
