import FeedCore
public import Foundation
import Localization

/// The clip: segments joined into the editor, a video file taken from the album instead, and
/// starting over once it is posted or thrown away.
extension CreateSession {
    /// Enter or Next: the segments become one clip, shown in the editor.
    public func next() {
        guard let folder = clipFolder, flow.next(recorder: recorder) == .join else { return }
        closeCamera()
        join(folder, message: nil)
    }

    /// Joins the segments in `folder` on a worker and opens the result in the editor; its
    /// length is probed from the file, which is what was really recorded.
    func join(_ folder: URL, message: String?) {
        status = tr("Joining…")
        deps.clipJobs.join(segmentsIn: folder) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let joined):
                let clip = CreateFlow.Clip(url: joined.url, seconds: joined.durationSeconds, recorded: true)
                guard let replay = flow.joined(clip) else { return }
                showEditor()
                if let message { editor.show(message) }
                if !isActive { editor.pause() }
                replayTyped(replay)
            case .failure(let error):
                flow.joinFailed()
                status = error.description
                notice(error.description)
                if isActive { openCamera() }
            }
        }
    }

    func showEditor() {
        guard let clip else { return }
        let clipSpeed = ClipEdit.Speed(rawValue: speed) ?? .normal
        editor.show(clip: clip.url, seconds: clip.seconds, speed: clipSpeed, sound: clip.recorded ? sounds.cameraSound : nil)
        // Said once the editor holds the clip.
        showPage(.edit)
    }

    /// Discard on the editor: the clip goes, back to the camera.
    public func discardClip() {
        renderTicket?.cancel()
        renderTicket = nil
        startOver()
        openCamera()
    }

    /// The clip was posted or thrown away: its folder goes and the recorder starts afresh.
    func startOver() {
        if let folder = clipFolder { deps.clipJobs.discard(folder) }
        coverTicket?.cancel()
        coverTicket = nil
        publishWhenCovered = nil
        editor.unload()
        flow.finishClip()
        edit = nil
        rendered = nil
        clipFolder = nil
        coverFrames = []
        showsSegmentBar = false
        tools = ToolLock(recording: false, hasSegments: false)
        posting.reset()
        recorder = Recorder(maximumSeconds: Double(limitSeconds))
        progress = 0
        status = tr("Hold to record")
    }

    // MARK: - Album

    /// A video file may become the clip: nothing recorded yet, nothing under way.
    public var canStartFromAlbum: Bool { flow.canStartFromAlbum(recorder) }

    /// A video file becomes the clip to edit, as a recording would.
    public func openAlbumVideo(_ file: URL) {
        status = tr("Opening {file}…", ["file": file.lastPathComponent])
        album.open(file) { [weak self] outcome in
            guard let self else { return }
            // Something else may have started meanwhile (a recording, another clip).
            guard canStartFromAlbum else { return }
            switch outcome {
            case .refused(let message):
                status = message
                notice(message)
                deps.events?.emit(.error(kind: "album", message: message, postID: nil))
            case .video(let facts):
                closeCamera()
                guard flow.albumOpened(CreateFlow.Clip(url: file, seconds: facts.durationSeconds, recorded: false),
                                       recorder: recorder) else { return }
                clipFolder = deps.dataDirectory.appendingPathComponent("recordings/album-\(UUID().uuidString)")
                showEditor()
                editor.limitLength(to: Double(limitSeconds))
                if !isActive { editor.pause() }
            }
        }
    }
}
