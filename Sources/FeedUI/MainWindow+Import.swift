import FeedCore
import FeedPresentation
import Foundation
import GtkKit
import Localization

/// Adding the user's own videos: Ctrl+O (files), Ctrl+Shift+O (a folder), or files and folders
/// dropped anywhere on the window. ImportStore runs it; the banner and the drop zone show it.
extension MainWindow {
    func installImports(on root: Overlay) {
        root.addOverlay(dropZone)
        root.addOverlay(banners.root)
        banners.append(importBanner.root)
        // The first launch's card is one of them: a banner never covers it, and Home's switch
        // sits below it, where the keyboard's focus on it can be seen.
        banners.append(welcome.root)
        banners.onHeight = { [weak self] height in self?.feed.clearTop(height) }
        dropZone.addCSSClass("drop-zone")
        dropZone.canTarget = false
        dropZone.isVisible = false
        dropZone.setExpand(horizontal: true, vertical: true)
        let hint = Label(tr("Drop videos or folders to add them"))
        hint.setWrap(true)
        hint.setAlign(horizontal: .center, vertical: .center)
        hint.setExpand(horizontal: true, vertical: true)
        dropZone.append(hint)
        let drop = FileDropTarget()
        drop.onHover { [weak self] hovering in self?.dropZone.isVisible = hovering }
        drop.onDrop { [weak self] paths in
            guard let self else { return false }
            dropZone.isVisible = false
            imports.add(paths.map { URL(fileURLWithPath: $0) })
            return !paths.isEmpty
        }
        root.addController(drop)
        importBanner.onCancel = { [weak self] in self?.imports.cancel() }
        imports.onChange = { [weak self] in
            guard let self, let text = imports.statusText else { return }
            hideWelcome()
            importBanner.showProgress(text, fraction: imports.fraction)
        }
        imports.onFinished = { [weak self] summary, message, quiet in
            guard let self else { return }
            importBanner.showResult(message)
            guard !summary.added.isEmpty else { return }
            // What the user added is shown at once; what arrived by itself comes next, without
            // taking the video being watched, or the one waiting below it, away.
            if quiet { feed.session.showArrived(summary.added) } else { feed.session.reloadFromStart(showing: summary.added) }
        }
    }

    func chooseVideosToAdd() {
        choose(FileChooser(title: tr("Add videos"), parent: window, action: .open(multiple: true), kind: .videos,
                           labels: .opening(tr("Videos")), startFolder: videosStartFolder))
    }

    func chooseFolderToAdd() {
        choose(FileChooser(title: tr("Add a folder of videos"), parent: window, action: .selectFolder, kind: nil,
                           labels: .addingFolder, startFolder: videosStartFolder))
    }

    /// Where the choosers open: the videos folder (~/Videos), or home without one.
    private var videosStartFolder: String {
        let videos = deps.imports.videosFolder.path
        return deps.imports.folderExists(videos) ? videos : deps.imports.homeFolder.path
    }

    /// One chooser at a time, kept until it answers.
    private func choose(_ chooser: FileChooser) {
        guard addChooser == nil else { return }
        addChooser = chooser
        chooser.chooseAll { [weak self] paths in
            self?.addChooser = nil
            self?.imports.add(paths.map { URL(fileURLWithPath: $0) })
        }
    }
}
