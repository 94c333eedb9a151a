public import FeedCore
import Foundation
import Localization

/// The posting page: cover frames, rendering the edit, storing the post, and what a failure
/// leaves (the clip, always).
extension CreateSession {
    /// Next on the editor: the posting page, while cover frames are made.
    public func openPosting(_ edit: ClipEdit) {
        guard let clip else { return }
        self.edit = edit
        editor.pause()
        posting.prepare(saveCopyByDefault: deps.preferences.load().saveCopyToVideos)
        showPage(.posting)
        posting.focusCaption()
        makeCoverFrames(clip: clip, edit: edit)
        deps.uploads?.channels { [weak self] channels in self?.posting.setDestinations(channels) }
    }

    /// Back on the posting page (not while posting).
    public func backToEditor() {
        guard !posting.isBusy else { return }
        showPage(.edit)
        editor.resume()
    }

    /// Eight frames from the kept part of the clip, one after another on a worker thread.
    func makeCoverFrames(clip: CreateFlow.Clip, edit: ClipEdit) {
        guard let folder = clipFolder else { return }
        coverTicket?.cancel()
        let ticket = WorkTicket()
        coverTicket = ticket
        let times = edit.coverTimes(count: 8, sourceSeconds: clip.seconds)
        deps.clipJobs.covers(of: clip.url, at: times, edit: edit, width: 270, into: folder, ticket: ticket) { [weak self] made, failure in
            guard let self, coverTicket === ticket else { return }
            coverTicket = nil
            coverFrames = made
            posting.setCovers(made)
            if made.isEmpty, let failure { posting.coverFramesFailed(failure.description) }
            if let publish = publishWhenCovered {
                publishWhenCovered = nil
                publish()
            }
        }
    }

    /// Renders the edit (when there is one), then stores the post. On failure the clip stays
    /// on the posting page with the reason, so nothing is lost.
    public func post(_ choices: PostingChoices) {
        guard let edit, let folder = clipFolder, let clip = flow.beginPublishing() else { return }
        var preferences = deps.preferences.load()
        if preferences.saveCopyToVideos != choices.saveCopy {
            preferences.saveCopyToVideos = choices.saveCopy
            keep(preferences)
        }
        if edit.isIdentity && clip.recorded {
            publish(clip.url, seconds: clip.seconds, choices: choices)
            return
        }
        // A retry after a failed post (a full disk) reuses what was already rendered.
        if let rendered, rendered.edit == edit, deps.clipJobs.exists(rendered.url) {
            publish(rendered.url, seconds: edit.resultDuration(sourceSeconds: clip.seconds), choices: choices)
            return
        }
        if let stale = rendered?.url { deps.clipJobs.discard(stale) }
        rendered = nil
        posting.setBusy(Self.preparing(0))
        if let problem = deps.clipJobs.makeFolder(folder) {
            flow.publishingFailed()
            posting.showError(tr("{reason} Your clip is still here.", ["reason": problem.description]))
            return
        }
        let ticket = WorkTicket()
        renderTicket = ticket
        let started = deps.clock.nowMicroseconds()
        deps.clipJobs.render(clip.url, edit: edit, into: folder, ticket: ticket, progress: { [weak self] fraction in
            self?.posting.setBusy(Self.preparing(Int(fraction * 100)))
        }, then: { [weak self] result in
            guard let self else { return }
            renderTicket = nil
            switch result {
            case .success(let url):
                rendered = (edit, url)
                deps.events?.emit(.clipRendered(path: url.path, renderUs: deps.clock.nowMicroseconds() - started))
                publish(url, seconds: edit.resultDuration(sourceSeconds: clip.seconds), choices: choices)
            case .failure(let error):
                flow.publishingFailed()
                posting.showError(tr("{reason} Your clip is still here; try again.", ["reason": error.description]))
                deps.events?.emit(.error(kind: "posting", message: error.description, postID: nil))
            }
        })
    }

    /// The posting page's progress while the edit is rendered.
    static func preparing(_ percent: Int) -> String {
        // TRANSLATORS: progress while the edited clip is rendered; {percent} is 0 to 100.
        tr("Preparing your video… {percent} %", ["percent": LocaleNumbers.whole(percent)])
    }

    /// Hands the clip to the publisher: copied in off the main thread, stored, and copied to
    /// ~/Videos afterwards when asked.
    func publish(_ video: URL, seconds: Double, choices: PostingChoices) {
        guard flow.isPublishing else { return }
        posting.setBusy(tr("Posting…"))
        if coverTicket != nil {
            publishWhenCovered = { [weak self] in self?.publish(video, seconds: seconds, choices: choices) }
            return
        }
        // No sound chosen: the clip's own, named with the user's name when shown (Post.musicLine),
        // so a later rename reaches it.
        let music = editor.chosenSound?.musicLine ?? ""
        // Post may have been pressed before the frames were there to pick from (they can arrive
        // during the render): then the first, which the page shows chosen once they come.
        let index = choices.coverIndex ?? (coverFrames.isEmpty ? nil : 0)
        let cover = index.flatMap { coverFrames.indices.contains($0) ? coverFrames[$0] : nil }
        let publication = ClipPublication(
            clip: video, caption: choices.caption, music: music, allowsComments: choices.allowsComments,
            cover: cover, duration: seconds, copyFolder: choices.saveCopy ? deps.videosFolder : nil)
        deps.publisher.publish(publication, removeWhenDone: clipFolder, stored: { [weak self] result in
            self?.published(result, copying: publication.copyFolder != nil, destination: choices.destination)
        }, copied: { [weak self, home = deps.homeFolder] copy, problem in
            if let problem {
                self?.onFeedNotice?(tr("Posted. The copy wasn’t saved: {problem}", ["problem": problem]))
            } else if let copy {
                self?.onFeedNotice?(tr("Posted. A copy is in {folder}.", ["folder": Self.displayPath(copy.deletingLastPathComponent(), home: home)]))
            }
        })
    }

    func published(_ result: Result<Post, RecorderError>, copying: Bool, destination: PostingDestination = .thisComputer) {
        let post: Post
        switch result {
        case .success(let stored):
            post = stored
        case .failure(let error):
            let reason = error.description
            let message = switch error {
            case .diskFull: tr("{reason} Your clip is still here: free some space and press Post again.", ["reason": reason])
            case .notWritable:
                tr("{reason} Your clip is still here: make the folder writable and press Post again.", ["reason": reason])
            default: tr("{reason} Your clip is still here; press Post to try again.", ["reason": reason])
            }
            flow.publishingFailed()
            posting.showError(message)
            deps.events?.emit(.error(kind: "posting", message: error.description, postID: nil))
            return
        }
        deps.events?.emit(.posted(postID: post.id))
        // The publisher removes the work folder once it is done with the clip.
        clipFolder = nil
        startOver()
        showPage(.camera)
        onPosted?(post)
        if case .channel(let channel, let privacy) = destination {
            upload(post, to: channel, privacy: privacy)
        } else if !copying {
            onFeedNotice?(tr("Posted."))
        }
    }

    /// The stored post goes on to the channel too; if it cannot start, the post stays here and
    /// the user is told.
    func upload(_ post: Post, to channel: UploadChannel, privacy: UploadPrivacy) {
        guard let uploads = deps.uploads, let file = URL(string: post.videoURI), file.isFileURL else { return }
        // TRANSLATORS: a video's title on the server when its caption gives none; {date} is when it was posted.
        let fallback = tr("Video of {date}", ["date": LocaleDates.day(post.created)])
        let metadata = UploadMetadata.from(caption: post.caption, fallbackTitle: fallback, privacy: privacy,
                                           allowsComments: post.allowsComments, channelID: channel.id,
                                           filename: file.lastPathComponent)
        do {
            try uploads.upload(postID: post.id, file: file, cover: post.coverURI.flatMap(URL.init(string:)),
                               account: channel.account, metadata: metadata)
        } catch {
            onFeedNotice?(tr("Posted on this computer. It could not go to {account}: {reason}",
                             ["account": channel.accountHandle, "reason": "\(error)"]))
        }
    }
}
