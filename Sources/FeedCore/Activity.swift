public import Foundation
import Localization

/// Something that happened to the user's posts or profile, for the Inbox.
public struct Activity: Sendable, Equatable, Hashable, Identifiable {
    public enum Kind: String, Sendable, CaseIterable {
        case like, comment, follow
    }

    public var id: Int64
    public var kind: Kind
    public var actor: Author
    /// The post concerned (likes and comments).
    public var postID: Int64?
    /// The comment's text, for comments.
    public var text: String?
    public var created: Date
    public var seen: Bool

    public init(id: Int64 = 0, kind: Kind, actor: Author, postID: Int64?, text: String?, created: Date, seen: Bool = false) {
        self.id = id
        self.kind = kind
        self.actor = actor
        self.postID = postID
        self.text = text
        self.created = created
        self.seen = seen
    }

    /// The sentence shown in the Inbox, without the actor's name.
    public var summary: String {
        switch kind {
        case .like: tr("liked your video.")
        case .comment: tr("commented: {text}", ["text": text ?? ""])
        case .follow: tr("started following you.")
        }
    }

    /// The whole line, with the actor's name in `{name}` (bold in the Inbox): translators can
    /// put the name where their language wants it.
    public var sentence: String {
        switch kind {
        case .like: tr("{name} liked your video.")
        case .comment: tr("{name} commented: {text}", ["text": text ?? ""])
        case .follow: tr("{name} started following you.")
        }
    }
}
