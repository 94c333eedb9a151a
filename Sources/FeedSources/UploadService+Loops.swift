import FeedCore
import Foundation
import Localization

/// A Loops upload (LoopsUploadCalls): the whole file in one POST, sent again from the start
/// after a lost connection, a server error or a 429 (with backoff or the server's Retry-After),
/// stopped in the server's words by any other refusal. Its address is written before the POST
/// goes; from then on the server may have the video, so the account's videos are looked
/// through for it (by caption, newer than the upload) before it is ever sent again, and once the
/// server took it only looked for: it is never sent twice. The found id is written before the
/// upload is done. While the POST goes the upload is `.sending` and its bytes are those of the
/// file the client wrote so far (its progress), so the banner shows a percentage and the time
/// left as for PeerTube; they are not written to the library, and a POST that did not end in
/// the server's yes puts them back to 0 (Loops keeps nothing of it: it goes again from the start).
extension UploadService {
    func sendToLoops(_ id: UploadRecord.ID, origin: URL, token: String) {
        guard started, let upload = uploads.first(where: { $0.id == id }), exchanges[id] == nil else { return }
        if case .processing = upload.state { return lookForLoopsVideo(id, origin: origin, token: token, thenSend: false) }
        if upload.sessionURL != nil { return lookForLoopsVideo(id, origin: origin, token: token, thenSend: true) }
        let video: [UInt8]
        do {
            video = try dependencies.readBytes(upload.file, 0, Int(clamping: upload.total))
        } catch {
            return fail(id, tr("The video file can’t be read ({reason}).", ["reason": "\(error)"]))
        }
        var sending = upload
        sending.sessionURL = origin.appendingPathComponent(LoopsUploadCalls.path)
        sending.bytesOnServer = 0
        sending.state = .sending
        guard record(sending) else { return }
        let request = LoopsUploadCalls.upload(origin: origin, token: token, metadata: upload.metadata, video: video)
        exchanges[id] = dependencies.http.fetch(request, progress: { [weak self] progress in
            self?.loopsWrote(id, progress)
        }) { [weak self] result in
            guard let self else { return }
            exchanges[id] = nil
            loopsAnswered(id, LoopsUploadCalls.answer(result, now: dependencies.now()), origin: origin, token: token)
        }
    }

    /// The body's progress as the file's bytes (the multipart fields around it are a few hundred
    /// bytes: counted in proportion), shown and not written.
    private func loopsWrote(_ id: UploadRecord.ID, _ progress: HTTPUploadProgress) {
        guard exchanges[id] != nil, var upload = uploads.first(where: { $0.id == id }), case .sending = upload.state,
              progress.total > 0 else { return }
        let share = Double(min(max(progress.sent, 0), progress.total)) / Double(progress.total)
        let bytes = Int64((share * Double(upload.total)).rounded(.down))
        guard bytes != upload.bytesOnServer else { return }
        upload.bytesOnServer = bytes
        show(upload)
    }

    private func loopsAnswered(_ id: UploadRecord.ID, _ answer: LoopsUploadCalls.Answer, origin: URL, token: String) {
        guard let index = uploads.firstIndex(where: { $0.id == id }) else { return }
        // What a POST without the server's yes wrote is not the server's: what comes next starts from 0.
        if answer != .taken { uploads[index].bytesOnServer = 0 }
        var upload = uploads[index]
        switch answer {
        case .taken:
            renewed.remove(id)
            upload.bytesOnServer = upload.total
            upload.state = .processing
            upload.attempts = 0
            guard record(upload) else { return }
            lookForLoopsVideo(id, origin: origin, token: token, thenSend: false)
        case .unauthorized: refusedToken(id)
        case .tooBig(let words): fail(id, tr("The server refused the video as too big: {reason}", ["reason": words]))
        case .refused(let words): fail(id, tr("The server refused the video: {reason}", ["reason": words]))
        case .tryLater(let reason, let seconds): retryLater(id, reason: reason, after: seconds)
        }
    }

    /// Looks for the upload's video among the account's. Found: its id is written, and once
    /// Loops has published it (it gives its page then) the upload is done and the local post
    /// links to it. Not found: sent (`thenSend`, the server never had it) or looked for again.
    private func lookForLoopsVideo(_ id: UploadRecord.ID, origin: URL, token: String, thenSend: Bool) {
        guard let upload = uploads.first(where: { $0.id == id }) else { return }
        let description = LoopsUploadCalls.description(of: upload.metadata)
        let request = LoopsUploadCalls.posts(origin: origin, token: token, caption: description)
        exchanges[id] = dependencies.http.fetch(request) { [weak self] result in
            guard let self else { return }
            exchanges[id] = nil
            guard var upload = uploads.first(where: { $0.id == id }) else { return }
            guard let posts = LoopsUploadCalls.posted(result) else {
                if case .success(let response) = result, response.status == 401 { return refusedToken(id) }
                return retryLater(id, reason: LoopsUploadCalls.lookFailure(result), after: nil)
            }
            renewed.remove(id)
            let taken = Set(uploads.filter { $0.id != id && $0.account == upload.account }.compactMap(\.remoteID))
            let found = upload.remoteID.flatMap { remote in posts.first { $0.id == remote } }
                ?? LoopsUploadCalls.match(posts, description: description, begunMs: upload.metadata.begunMs, taken: taken)
            guard let found else {
                if thenSend {
                    // Not there: the POST never reached it. From the start.
                    upload.sessionURL = nil
                    upload.state = .starting
                    guard record(upload) else { return }
                    return step(id, ask: false)
                }
                // Taken but not listed (Loops lists processing videos too, so this should not last):
                // looked for a while, then said; never sent again.
                guard upload.attempts < LoopsUploadCalls.mostLooks else {
                    return fail(id, tr("Loops took the video but does not list it among the account’s videos; it is not sent again."))
                }
                upload.attempts += 1
                guard record(upload) else { return }
                return lookAgain(id)
            }
            upload.remoteID = found.id
            upload.bytesOnServer = upload.total
            upload.attempts = 0
            upload.state = .processing
            if let page = found.page {
                upload.remoteURL = page
                upload.state = .published
            }
            guard record(upload) else { return }
            if let page = found.page {
                // The local post links to the remote one (Share copies its page).
                try? dependencies.store.linkPost(upload.postID, to: page)
            } else {
                lookAgain(id)
            }
        }
    }

    private func lookAgain(_ id: UploadRecord.ID) {
        timers[id] = dependencies.timers.after(milliseconds: dependencies.pollMilliseconds) { [weak self] in
            self?.timers[id] = nil
            self?.step(id, ask: false)
        }
    }
}
