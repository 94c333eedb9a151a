import FeedCore
import Foundation

/// What nothing read from a network may break, whatever it sent: every address http(s) with a
/// host, every handle's pieces fit for an address, text plain and within TextLimits, numbers
/// sane. The fault tests and the fuzzer hold every decoded document to it.
enum NetworkDocumentChecks {
    static func problems(in video: RemoteVideo) -> [String] {
        var found: [String] = []
        let id = video.identity
        if !RemoteVideoID.isValidID(id.id) { found.append("video id \(id.id.debugDescription.prefix(80))") }
        if !RemoteHost.isValid(id.host) { found.append("video host \(id.host.debugDescription.prefix(80))") }
        link(id.apiBase, "api base", &found)
        link(id.answeringServer, "answering server", &found)
        link(id.pageURL, "page", &found)
        line(video.title, TextLimits.caption, "title", &found)
        lines(video.description, TextLimits.caption, "description", &found)
        found += problems(in: video.author)
        video.account.map { found += problems(in: $0) }
        if let duration = video.duration, !(0...(7 * 86_400)).contains(duration) { found.append("duration \(duration)") }
        if let ratio = video.aspectRatio, !(0.01...100).contains(ratio) { found.append("aspect ratio \(ratio)") }
        for size in [video.width, video.height] { if let size, !(1...16_384).contains(size) { found.append("size \(size)") } }
        let counts = video.counts
        for count in [counts.likes, counts.dislikes, counts.comments, counts.views, counts.shares] {
            if let count, !(0...9_007_199_254_740_991).contains(count) { found.append("count \(count)") }
        }
        if video.tags.count > 20 { found.append("\(video.tags.count) tags") }
        video.tags.forEach { line($0, TextLimits.name, "tag", &found) }
        link(video.thumbnailURL, "thumbnail", &found)
        link(video.previewURL, "preview", &found)
        for file in video.sources.webVideos + (video.sources.hls?.renditions ?? []) { link(file.url, "file", &found) }
        link(video.sources.hls?.masterURL, "master playlist", &found)
        return found
    }

    static func problems(in actor: RemoteActor) -> [String] {
        var found: [String] = []
        if !RemoteActor.isValidName(actor.name) { found.append("actor name \(actor.name.debugDescription.prefix(80))") }
        if !RemoteHost.isValid(actor.host) { found.append("actor host \(actor.host.debugDescription.prefix(80))") }
        line(actor.displayName, TextLimits.name, "display name", &found)
        link(actor.avatarURL, "avatar", &found)
        link(actor.pageURL, "actor page", &found)
        return found
    }

    static func problems(in channel: RemoteChannel) -> [String] {
        var found = problems(in: channel.actor)
        channel.owner.map { found += problems(in: $0) }
        lines(channel.description, TextLimits.caption, "channel description", &found)
        link(channel.bannerURL, "banner", &found)
        link(channel.videosURL, "videos", &found)
        link(channel.feedURL, "feed", &found)
        for count in [channel.followers, channel.following, channel.videoCount, channel.likes] {
            if let count, count < 0 { found.append("count \(count)") }
        }
        return found
    }

    static func problems(in comment: RemoteComment) -> [String] {
        var found: [String] = []
        comment.author.map { found += problems(in: $0) }
        lines(comment.text, TextLimits.comment, "comment", &found)
        comment.links.forEach { link($0, "comment link", &found) }
        link(comment.pageURL, "comment page", &found)
        if comment.isDeleted && (comment.author != nil || !comment.text.isEmpty) { found.append("a deleted comment with an author or text") }
        return found
    }

    static func problems(in tree: RemoteCommentTree) -> [String] {
        problems(in: tree.comment) + tree.replies.flatMap { problems(in: $0) }
    }

    static func problems(in track: CaptionTrack) -> [String] {
        var found: [String] = []
        if !CaptionTrack.isValidLanguage(track.languageID) { found.append("language \(track.languageID.debugDescription.prefix(80))") }
        line(track.label, TextLimits.name, "caption label", &found)
        link(track.fileURL, "caption file", &found)
        return found
    }

    static func problems<Item>(in page: RemotePage<Item>, _ check: (Item) -> [String]) -> [String] {
        var found = page.items.flatMap(check)
        if case .cursor(let cursor) = page.next, cursor.isEmpty || cursor.count > 2_048 { found.append("cursor of \(cursor.count)") }
        if case .offset(let start, let count) = page.next, start < 0 || count <= 0 { found.append("offset \(start), \(count)") }
        if page.dropped < 0 { found.append("dropped \(page.dropped)") }
        return found
    }

    static func link(_ url: URL?, _ what: String, _ found: inout [String]) {
        guard let url else { return }
        let scheme = url.scheme?.lowercased()
        if scheme != "http" && scheme != "https" || url.host?.isEmpty != false { found.append("\(what) \(url.absoluteString.prefix(80))") }
    }

    /// One line: no line breaks, control or direction characters, at most `limit` characters.
    static func line(_ text: String, _ limit: Int, _ what: String, _ found: inout [String]) {
        if text.count > limit { found.append("\(what) is \(text.count) characters") }
        if text.unicodeScalars.contains(where: isHidden) || text.contains(where: \.isNewline) {
            found.append("\(what) has control, direction or line characters: \(text.debugDescription.prefix(80))")
        }
    }

    /// Text with line breaks (and tabs) but no other control or direction characters.
    static func lines(_ text: String, _ limit: Int, _ what: String, _ found: inout [String]) {
        if text.count > limit { found.append("\(what) is \(text.count) characters") }
        if text.unicodeScalars.contains(where: { isHidden($0) && $0 != "\n" && $0 != "\t" }) {
            found.append("\(what) has control or direction characters: \(text.debugDescription.prefix(80))")
        }
    }

    static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
        default: false
        }
    }
}
