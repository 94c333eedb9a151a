import Foundation

/// Who may see a video posted to a PeerTube channel (PeerTube's privacy ids).
public enum UploadPrivacy: Int, Sendable, Equatable, Codable, CaseIterable {
    case `public` = 1, unlisted = 2, `private` = 3
}

/// What PeerTube's resumable upload is told of a video in its first request, made from what
/// the posting page has: the caption's first line is the title and the rest the description,
/// its #hashtags the tags (as many and as long as PeerTube takes), Allow comments the
/// comments policy.
public struct UploadMetadata: Sendable, Equatable, Codable {
    public var title: String
    public var description: String?
    public var tags: [String]
    public var privacy: UploadPrivacy
    public var allowsComments: Bool
    public var channelID: Int
    public var filename: String
    /// The whole caption, as typed (Loops takes it as one description). Nil in uploads written
    /// before it was kept: then the title and description again.
    public var caption: String?
    /// When the upload was begun (ms since 1970): a Loops video made well before it is not this one.
    public var begunMs: Int64?

    public init(title: String, description: String?, tags: [String], privacy: UploadPrivacy, allowsComments: Bool,
                channelID: Int, filename: String, caption: String? = nil, begunMs: Int64? = nil) {
        self.caption = caption
        self.begunMs = begunMs
        self.title = title
        self.description = description
        self.tags = tags
        self.privacy = privacy
        self.allowsComments = allowsComments
        self.channelID = channelID
        self.filename = filename
    }

    /// PeerTube's limits (its VIDEO_NAME, VIDEO_DESCRIPTION and VIDEO_TAG constraints).
    public static let titleLength = 3...120
    public static let descriptionLength = 3...10_000
    public static let tagLength = 2...30
    public static let mostTags = 5

    /// `caption` split as PeerTube wants it. A first line too short for a title (PeerTube asks
    /// for 3 characters at least) gives way to `fallbackTitle` (the post's date, say).
    public static func from(caption: String, fallbackTitle: String, privacy: UploadPrivacy, allowsComments: Bool,
                            channelID: Int, filename: String) -> UploadMetadata {
        let trimmed = caption.trimmingCharacters(in: .whitespacesAndNewlines)
        let lines = trimmed.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        let first = lines.first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        let rest = lines.count > 1 ? lines[1].trimmingCharacters(in: .whitespacesAndNewlines) : ""
        let title = titleLength.contains(first.count) ? first
            : first.count > titleLength.upperBound ? String(first.prefix(titleLength.upperBound - 1)) + "…" : fallbackTitle
        // A title cut short keeps the whole line in the description, so nothing is lost.
        let whole = first.count > titleLength.upperBound ? trimmed : rest
        let description = descriptionLength.contains(whole.count) ? whole
            : whole.count > descriptionLength.upperBound ? String(whole.prefix(descriptionLength.upperBound)) : nil
        var seen = Set<String>()
        let tags = Hashtags.parse(trimmed).filter { tagLength.contains($0.count) && seen.insert($0.lowercased()).inserted }
        return UploadMetadata(title: title, description: description, tags: Array(tags.prefix(mostTags)), privacy: privacy,
                              allowsComments: allowsComments, channelID: channelID, filename: filename, caption: trimmed)
    }

    /// The text a Loops video is posted with: the whole caption.
    public var wholeCaption: String {
        if let caption { return caption }
        return [title, description ?? ""].filter { !$0.isEmpty }.joined(separator: "\n")
    }

    /// The first request's JSON body (PeerTube 6.2+ reads `commentsPolicy`: 1 enabled, 2
    /// disabled; older servers `commentsEnabled`, so both go).
    public var jsonBody: [UInt8] {
        var object: [String: Any] = [
            "name": title, "channelId": channelID, "filename": filename, "privacy": privacy.rawValue,
            "tags": tags, "commentsPolicy": allowsComments ? 1 : 2, "commentsEnabled": allowsComments,
            "waitTranscoding": true,
        ]
        if let description { object["description"] = description }
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return Array(data)
    }
}
